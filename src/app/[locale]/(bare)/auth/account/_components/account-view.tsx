'use client';

import { useEffect, useState } from 'react';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { clearToken, readToken } from '@/lib/token-store';

interface AccountUser {
  email: string;
  phone: string;
  name_f: string;
  name_i: string;
  firm_name: string;
  country_name: string;
  city_name: string;
}

type Texts = Record<'loading' | 'name' | 'company' | 'email' | 'phone' | 'location' | 'signOut' | 'error', string>;
type State = { status: 'loading' } | { status: 'ready'; user: AccountUser } | { status: 'error' };

/**
 * Shows the account of the stored token (from /api/auth/me). A `?token` in the address is never
 * taken (someone could plant their own session there); it only leaves the address.
 */
export function AccountView({ locale, texts }: { locale: Locale; texts: Texts }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const token = readToken();
    const toSignIn = () => {
      clearToken();
      window.location.replace(`${localizedPath(locale, 'auth/sign')}?message=session`);
    };
    if (!token) {
      toSignIn();
      return;
    }
    let cancelled = false;
    fetch('/api/auth/me', { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': locale, Accept: 'application/json' } })
      .then(async (response) => {
        if (response.status === 401) return toSignIn();
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as { result: { user: AccountUser } };
        if (!cancelled) setState({ status: 'ready', user: body.result.user });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  const signOut = async () => {
    const token = readToken();
    clearToken();
    if (token) {
      await fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
    }
    window.location.assign(localizedPath(locale, ''));
  };

  if (state.status === 'loading') {
    return (
      <p className="mt-4 text-muted" role="status">
        {texts.loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="mt-4 text-red-700" role="alert">
        {texts.error}
      </p>
    );
  }
  const { user } = state;
  const rows: Array<[string, string]> = [
    [texts.name, [user.name_i, user.name_f].filter(Boolean).join(' ')],
    [texts.company, user.firm_name],
    [texts.email, user.email],
    [texts.phone, user.phone],
    [texts.location, [user.city_name, user.country_name].filter(Boolean).join(', ')],
  ];
  return (
    <div className="mt-4">
      <dl className="grid gap-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-medium break-words text-brand-900">{value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        onClick={signOut}
        className="mt-6 rounded-md bg-brand-900 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {texts.signOut}
      </button>
    </div>
  );
}
