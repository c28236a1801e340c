import type { InvoiceRow } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/** The invoice's lines as issued (frozen), its total and the VAT included in it. */
export async function InvoiceLines({ locale, invoice, format }: { locale: Locale; invoice: InvoiceRow; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  const cell = 'py-1.5 pl-3 text-right tabular-nums whitespace-nowrap';
  return (
    <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600" tabIndex={0} role="region" aria-labelledby="invoice-lines">
      <h2 id="invoice-lines" className="mb-2 text-lg font-bold text-brand-900">
        {t('invoices.detail.lines')}
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-muted">
            <th scope="col" className="py-1 text-left">{t('invoices.detail.line')}</th>
            <th scope="col" className="py-1 pl-3 text-right">{t('invoices.detail.quantity')}</th>
            <th scope="col" className="py-1 pl-3 text-right">{t('invoices.detail.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, index) => (
            <tr key={index} className="border-t border-brand-50 align-top">
              <td className="py-1.5">{line.name[locale]}</td>
              <td className={cell}>{line.quantity}</td>
              <td className={cell}>{format.money(line.amountKopecks)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-brand-100 font-bold">
            <th scope="row" colSpan={2} className="py-1.5 text-right">
              {t('invoices.detail.total')}
            </th>
            <td className={cell}>{format.money(invoice.totalKopecks)}</td>
          </tr>
          <tr className="text-muted">
            <th scope="row" colSpan={2} className="py-1 text-right font-normal">
              {invoice.vatRate === 'none' ? t('invoices.detail.vatNone') : t('invoices.detail.vat', { rate: invoice.vatRate })}
            </th>
            <td className={cell}>{invoice.vatRate === 'none' ? '—' : format.money(invoice.vatKopecks)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
