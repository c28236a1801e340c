'use client';

import { useTranslations } from 'next-intl';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { clearToken, readToken } from '@/lib/token-store';
import { EmailConfirmationNotice } from './email-confirmation';
import { InvoiceList } from './invoice-list';
import { PurchaseSection } from './purchase-section';
import { SubscriptionList } from './subscription-list';
import { useAccountData, type AccountUser } from './use-account-data';

export const sectionHeading = 'text-xl font-bold text-brand-900';

/**
 * The partner area: the account, the purchase (or the way to buy through sales), the
 * subscriptions and the invoices of the stored token's account.
 */
export function AccountView({ locale, productNames }: { locale: Locale; productNames: Record<string, string> }) {
  const t = useTranslations('Account');
  const state = useAccountData(locale);
  if (state.status === 'loading') {
    return (
      <p className="mt-4 text-muted" role="status">
        {t('loading')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="mt-4 text-red-700" role="alert">
        {t('error')}
      </p>
    );
  }
  const { data } = state;
  return (
    <div className="mt-6 flex flex-col gap-10">
      <AccountDetails locale={locale} user={data.user} />
      <PurchaseSection locale={locale} data={data} productNames={productNames} />
      <SubscriptionList locale={locale} subscriptions={data.subscriptions} productNames={productNames} />
      <InvoiceList locale={locale} invoices={data.invoices} />
    </div>
  );
}

function AccountDetails({ locale, user }: { locale: Locale; user: AccountUser }) {
  const t = useTranslations('Account');
  const tp = useTranslations('PartnerArea');
  const rows: Array<[string, string]> = [
    [t('name'), [user.name_i, user.name_f].filter(Boolean).join(' ')],
    [t('company'), user.firm_name],
    [t('email'), user.email],
    [t('phone'), user.phone],
    [t('location'), [user.city_name, user.country_name].filter(Boolean).join(', ')],
  ];
  const signOut = async () => {
    const token = readToken();
    clearToken();
    if (token) {
      await fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
    }
    window.location.assign(localizedPath(locale, ''));
  };
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading" className={sectionHeading}>
        {tp('accountHeading')}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-medium break-words text-brand-900">{value}</dd>
          </div>
        ))}
      </dl>
      {user.email_confirmed ? null : <EmailConfirmationNotice />}
      <button type="button" onClick={signOut} className="btn-secondary mt-4">
        {t('signOut')}
      </button>
    </section>
  );
}
