'use client';

import { useTranslations } from 'next-intl';
import { InvoiceStatus } from '@/components/partner/invoice-status';
import { PdfButton } from '@/components/partner/pdf-button';
import type { Locale } from '@/site/locales.mjs';
import { dayText, roublesText } from '@/lib/billing/formats';
import type { ApiInvoice } from '@/lib/partner/api-types';
import { invoicePath } from '@/lib/partner/partner-paths';
import { sectionHeading } from './account-view';

/** The account's invoices, newest first: each opens its page; its status, total and PDF beside it. */
export function InvoiceList({ locale, invoices }: { locale: Locale; invoices: ApiInvoice[] }) {
  const t = useTranslations('PartnerArea');
  return (
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className={sectionHeading}>
        {t('invoices.heading')}
      </h2>
      {invoices.length ? (
        <ul className="mt-3 divide-y divide-brand-100 border-y border-brand-100">
          {invoices.map((invoice) => {
            const title = t('invoices.title', { number: invoice.number, date: dayText(invoice.date, locale) });
            return (
              <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <a href={invoicePath(locale, invoice.id)} className="min-w-0 flex-1 basis-56 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  {title}
                </a>
                <span className="font-semibold whitespace-nowrap text-ink tabular-nums">{roublesText(invoice.total, locale)}</span>
                <InvoiceStatus invoice={invoice} />
                <PdfButton path={invoice.pdf} number={invoice.number} label={t('pdfOf', { number: invoice.number })} className="btn-secondary min-h-11 px-3 py-1 text-sm" />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 text-muted">{t('invoices.empty')}</p>
      )}
    </section>
  );
}
