'use client';

import { useTranslations } from 'next-intl';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import type { Locale } from '@/site/locales.mjs';
import { RepeatInvoice } from '@/components/partner/repeat-invoice';
import { localizedPath } from '@/lib/paths';
import { sectionHeading } from './account-view';
import { PurchaseForm } from './purchase-form';
import type { AccountData } from './use-account-data';

/**
 * «Buy»: the order form when the site sells (the seller's details and bank are set), else what
 * to do instead: ask sales, who make out the invoice (the buy dialog; without scripts, the
 * contacts). Nothing here pretends to sell when the purchase is off.
 */
export function PurchaseSection({ locale, data, productNames }: { locale: Locale; data: AccountData; productNames: Record<string, string> }) {
  const t = useTranslations('PartnerArea');
  return (
    <section aria-labelledby="purchase-heading">
      <h2 id="purchase-heading" className={sectionHeading}>
        {t('purchase.heading')}
      </h2>
      {data.purchase.enabled ? (
        <>
          <RenewalOffer data={data} />
          <PurchaseForm locale={locale} purchase={data.purchase} saved={data.company} productNames={productNames} />
        </>
      ) : (
        <div className="mt-3 flex flex-col items-start gap-4">
          <p className="text-muted">{t('purchase.off')}</p>
          <DialogTrigger dialog="buy" href={`${localizedPath(locale, '')}#contacts`} className="btn-primary">
            {t('purchase.offButton')}
          </DialogTrigger>
        </div>
      )}
    </section>
  );
}

/** The renewal reminder's link (`?renew=<id>`): the same invoice again, at today's prices, in one press. */
function RenewalOffer({ data }: { data: AccountData }) {
  const t = useTranslations('PartnerArea.purchase');
  const earlier = data.invoices.find((invoice) => invoice.id === new URLSearchParams(window.location.search).get('renew'));
  if (!earlier) return null;
  return (
    <div className="mt-3 flex flex-col items-start gap-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <p>{t('renew', { number: earlier.number })}</p>
      <RepeatInvoice invoiceId={earlier.id} label={t('renewButton')} className="btn-primary" />
    </div>
  );
}
