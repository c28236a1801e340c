'use client';

import { useTranslations } from 'next-intl';
import type { Locale } from '@/site/locales.mjs';
import { dayText, momentDayText, roublesText } from '@/lib/billing/formats';
import type { InvoiceParty, SellerParty } from '@/lib/billing/invoice';
import type { ApiInvoice } from '@/lib/partner/api-types';
import { localizedPath } from '@/lib/paths';

const cell = 'px-1 py-2 align-top first:pl-0 last:pr-0 sm:px-2';
const narrowHidden = 'hidden sm:table-cell';

/** A party's details as label and value rows (a value that is absent has no row). */
function Party({ heading, id, party, bank }: { heading: string; id: string; party: InvoiceParty; bank?: SellerParty }) {
  const t = useTranslations('PartnerArea.invoice');
  const rows: Array<[string, string | undefined]> = [
    [t('inn'), party.inn],
    [t('kpp'), party.kpp],
    [t('ogrn'), party.ogrn],
    [t('address'), party.address],
    ...(bank
      ? ([
          [t('bank'), bank.bankName],
          [t('bic'), bank.bic],
          [t('account'), bank.account],
          [t('corrAccount'), bank.corrAccount],
        ] as Array<[string, string]>)
      : []),
  ];
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-muted uppercase">
        {heading}
      </h2>
      <p className="mt-1 font-semibold break-words text-ink">{party.name}</p>
      <dl className="mt-2 grid gap-2 text-sm">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted">{label}</dt>
              <dd className="break-words text-ink tabular-nums">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/**
 * The invoice as a page, as its PDF has it: the seller with the bank, the buyer, the lines, the
 * total with the VAT it includes, the amount due and by when, and the offer that paying accepts.
 */
export function InvoiceDocument({ locale, invoice }: { locale: Locale; invoice: ApiInvoice }) {
  const t = useTranslations('PartnerArea.invoice');
  const money = (roubles: string) => roublesText(roubles, locale);
  const vatLabel = invoice.vatRate === 'none' ? t('vatNone') : t('vat', { rate: invoice.vatRate });
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Party heading={t('seller')} id="invoice-seller" party={invoice.seller} bank={invoice.seller} />
        <Party heading={t('buyer')} id="invoice-buyer" party={invoice.company} />
      </div>
      <table className="w-full border-collapse text-left text-sm sm:text-base">
        <caption className="mb-2 text-left text-sm font-semibold tracking-wide text-muted uppercase">{t('lines')}</caption>
        <thead>
          <tr className="border-b border-brand-200 text-muted">
            <th scope="col" className={`${cell} ${narrowHidden} font-semibold`}>{t('colNo')}</th>
            <th scope="col" className={`${cell} font-semibold`}>{t('colName')}</th>
            <th scope="col" className={`${cell} text-right font-semibold`}>{t('colMonths')}</th>
            <th scope="col" className={`${cell} ${narrowHidden} text-right font-semibold`}>{t('colPrice')}</th>
            <th scope="col" className={`${cell} text-right font-semibold`}>{t('colAmount')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.items.map((item, index) => (
            <tr key={`${item.product}-${item.brand ?? ''}`} className="border-b border-brand-100">
              <td className={`${cell} ${narrowHidden} tabular-nums`}>{index + 1}</td>
              <th scope="row" className={`${cell} font-medium text-ink`}>{item.name}</th>
              <td className={`${cell} text-right tabular-nums`}>{item.months}</td>
              <td className={`${cell} ${narrowHidden} text-right whitespace-nowrap tabular-nums`}>{money(item.price)}</td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{money(item.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="text-right">
          <tr>
            <th scope="row" colSpan={2} className={`${cell} font-semibold sm:hidden`}>{t('total')}</th>
            <th scope="row" colSpan={4} className={`${cell} hidden font-semibold sm:table-cell`}>{t('total')}</th>
            <td className={`${cell} whitespace-nowrap tabular-nums`}>{money(invoice.total)}</td>
          </tr>
          <tr className="text-muted">
            <th scope="row" colSpan={2} className={`${cell} font-normal sm:hidden`}>{vatLabel}</th>
            <th scope="row" colSpan={4} className={`${cell} hidden font-normal sm:table-cell`}>{vatLabel}</th>
            <td className={`${cell} whitespace-nowrap tabular-nums`}>{invoice.vatRate === 'none' ? null : money(invoice.vat)}</td>
          </tr>
          <tr className="sm:text-lg">
            <th scope="row" colSpan={2} className={`${cell} font-bold text-brand-900 sm:hidden`}>{t('due')}</th>
            <th scope="row" colSpan={4} className={`${cell} hidden font-bold text-brand-900 sm:table-cell`}>{t('due')}</th>
            <td className={`${cell} font-extrabold whitespace-nowrap text-ink tabular-nums`} data-invoice-total="">
              {money(invoice.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="flex flex-col gap-1 text-sm">
        {invoice.status === 'issued' ? <p className="font-semibold text-ink">{t('dueBy', { date: dayText(invoice.dueDate, locale) })}</p> : null}
        {invoice.paidAt ? <p className="font-semibold text-green-800">{t('paidOn', { date: momentDayText(invoice.paidAt, locale) })}</p> : null}
        {invoice.cancelledAt ? <p className="font-semibold text-ink">{t('cancelledOn', { date: momentDayText(invoice.cancelledAt, locale) })}</p> : null}
        {invoice.cancelReason ? <p className="text-muted">{t('cancelReason', { reason: invoice.cancelReason })}</p> : null}
        <p className="text-muted">
          {t.rich('offer', {
            version: invoice.offerVersion,
            link: (chunks) => (
              <a href={localizedPath(locale, 'about/oferta')} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                {chunks}
              </a>
            ),
          })}
        </p>
      </div>
    </div>
  );
}
