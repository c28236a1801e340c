'use client';

import { useTranslations } from 'next-intl';
import type { Locale } from '@/site/locales.mjs';
import { dayText } from '@/lib/billing/formats';
import type { ApiSubscription } from '@/lib/partner/api-types';
import { findTisBrand } from '@/lib/tis/brands';
import { sectionHeading } from './account-view';

/** The account's paid periods: the product, its workstations or TIS brands, until when, and the invoice that paid it. */
export function SubscriptionList({ locale, subscriptions, productNames }: { locale: Locale; subscriptions: ApiSubscription[]; productNames: Record<string, string> }) {
  const t = useTranslations('PartnerArea');
  return (
    <section aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading" className={sectionHeading}>
        {t('subscriptions.heading')}
      </h2>
      {subscriptions.length ? (
        <ul className="mt-3 divide-y divide-brand-100 border-y border-brand-100">
          {subscriptions.map((subscription) => (
            <li key={`${subscription.invoice}-${subscription.product}-${subscription.from}`} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-3">
              <span className="font-semibold text-brand-900">{productNames[subscription.product] ?? subscription.product}</span>
              <span className="min-w-0 flex-1 basis-48">
                {subscription.brands.length
                  ? t('subscriptions.brands', { brands: subscription.brands.map((id) => findTisBrand(id)?.brand ?? id).join(', ') })
                  : t('subscriptions.seats', { seats: subscription.seats })}
              </span>
              <span className="text-sm text-muted">
                {t('subscriptions.term', { from: dayText(subscription.from, locale), until: dayText(subscription.until, locale), number: subscription.invoice })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-muted">{t('subscriptions.empty')}</p>
      )}
    </section>
  );
}
