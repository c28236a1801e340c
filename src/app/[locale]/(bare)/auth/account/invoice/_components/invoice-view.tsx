'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { InvoiceStatus } from '@/components/partner/invoice-status';
import { PdfButton } from '@/components/partner/pdf-button';
import { RepeatInvoice } from '@/components/partner/repeat-invoice';
import type { Locale } from '@/site/locales.mjs';
import { dayText } from '@/lib/billing/formats';
import type { ApiInvoice, PurchaseTerms } from '@/lib/partner/api-types';
import { accountPath } from '@/lib/partner/partner-paths';
import { documentTitle } from '@/lib/seo/page-metadata';
import { CardPayment } from './card-payment';
import { InvoiceDocument } from './invoice-document';
import { PaymentQr } from './payment-qr';
import { useInvoice } from './use-invoice';

const heading = 'text-2xl font-bold text-brand-900';

/** The invoice of the page's address: the document, then how to pay it (QR, transfer, card) and its PDF. */
export function InvoiceView({ locale }: { locale: Locale }) {
  const t = useTranslations('PartnerArea.invoice');
  const tp = useTranslations('PartnerArea');
  const { state, polling } = useInvoice(locale);
  const back = (
    <a href={accountPath(locale)} className="self-start text-brand-700 underline underline-offset-2 hover:text-brand-900">
      {t('back')}
    </a>
  );
  if (state.status !== 'ready') {
    const message = state.status === 'loading' ? t('loading') : state.status === 'notFound' ? t('notFound') : tp('loadFailed');
    return (
      <div className="flex flex-col gap-4">
        <h1 className={heading}>{t('title')}</h1>
        <p role={state.status === 'loading' ? 'status' : 'alert'} className={state.status === 'loading' ? 'text-muted' : 'text-red-700'}>
          {message}
        </p>
        {back}
      </div>
    );
  }
  const { invoice, purchase } = state;
  return (
    <article aria-labelledby="invoice-heading" className="flex flex-col gap-8">
      <DocumentTitle text={t('heading', { number: invoice.number, date: dayText(invoice.date, locale) })} />
      <div className="flex flex-col gap-3">
        {back}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 id="invoice-heading" className={heading}>
            {t('heading', { number: invoice.number, date: dayText(invoice.date, locale) })}
          </h1>
          <InvoiceStatus invoice={invoice} />
        </div>
        <CardReturn polling={polling} paid={invoice.status === 'paid'} />
      </div>
      <InvoiceDocument locale={locale} invoice={invoice} />
      <PaymentWays invoice={invoice} purchase={purchase} />
    </article>
  );
}

/** The document's title names the invoice once it is known. */
function DocumentTitle({ text }: { text: string }) {
  useEffect(() => {
    document.title = documentTitle(text);
  }, [text]);
  return null;
}

/** Back from the payment service: what is known of the payment (the page asks until the invoice is paid). */
function CardReturn({ polling, paid }: { polling: 'no' | 'waiting' | 'gaveUp'; paid: boolean }) {
  const t = useTranslations('PartnerArea.invoice');
  const byCard = typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('paid') === 'card';
  const text = !byCard ? '' : paid ? t('paidNow') : polling === 'gaveUp' ? t('stillProcessing') : t('processing');
  return (
    <p role="status" className={text ? `rounded-md px-4 py-3 ring-1 ${paid ? 'bg-green-50 text-green-900 ring-green-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}` : 'sr-only'}>
      {text}
    </p>
  );
}

/** How to pay an issued invoice: its QR code (when the server gives its text), a transfer, a card (when offered); its PDF; the same invoice again. */
function PaymentWays({ invoice, purchase }: { invoice: ApiInvoice; purchase: PurchaseTerms }) {
  const t = useTranslations('PartnerArea.invoice');
  const payable = invoice.status === 'issued';
  return (
    <section aria-labelledby={payable ? 'invoice-pay' : undefined} className="flex flex-col gap-4 border-t border-brand-100 pt-6">
      {payable ? (
        <>
          <h2 id="invoice-pay" className="text-xl font-bold text-brand-900">
            {t('payHeading')}
          </h2>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            {invoice.qr ? <PaymentQr text={invoice.qr} label={t('qrAlt', { number: invoice.number })} /> : null}
            <div className="flex flex-col gap-3">
              {invoice.qr ? <p>{t('qr')}</p> : null}
              <p>{t(invoice.qr ? 'transferOr' : 'transfer', { number: invoice.number })}</p>
              <p className="text-sm text-muted">{t('access')}</p>
              {purchase.card ? <CardPayment invoiceId={invoice.id} /> : null}
            </div>
          </div>
        </>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <PdfButton path={invoice.pdf} number={invoice.number} />
        {purchase.enabled && !payable ? <RepeatInvoice invoiceId={invoice.id} label={t('repeat')} /> : null}
      </div>
    </section>
  );
}
