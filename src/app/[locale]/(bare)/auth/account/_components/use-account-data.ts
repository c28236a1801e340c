'use client';

import { useEffect, useState } from 'react';
import { useApiClient } from '@/components/api/api-client';
import type { Locale } from '@/site/locales.mjs';
import type { ApiInvoice, ApiSubscription, PurchaseTerms, SavedCompany } from '@/lib/partner/api-types';
import { isInvoiceId } from '@/site/site-pages.mjs';
import { accountPath, invoicePath, signInPath } from '@/lib/partner/partner-paths';
import { ACCOUNT_READS } from '@/lib/partner/partner-reads';
import { readToken } from '@/lib/token-store';

export interface AccountUser {
  email: string;
  phone: string;
  name_f: string;
  name_i: string;
  firm_name: string;
  country_name: string;
  city_name: string;
  /** The address was confirmed through the e-mailed link. */
  email_confirmed: boolean;
}

export interface AccountData {
  user: AccountUser;
  invoices: ApiInvoice[];
  company: SavedCompany | null;
  purchase: PurchaseTerms;
  subscriptions: ApiSubscription[];
}

type State = { status: 'loading' } | { status: 'ready'; data: AccountData } | { status: 'error' };

/**
 * Without a stored token, the sign-in page, coming back here: with the session notice, but not
 * for a visitor a link sent to buy (`?buy=`), who has most likely never signed in.
 */
export function toSignIn(locale: Locale) {
  const { pathname, search } = window.location;
  const plain = pathname === accountPath(locale) && !search;
  const buying = new URLSearchParams(search).has('buy');
  window.location.replace(signInPath(locale, { session: !buying, back: plain ? undefined : `${pathname}${search}` }));
}

/**
 * The account of the stored token and its purchases (GET /api/auth/me, /api/invoices,
 * /api/subscriptions, which the page's document has started: src/components/partner/early-reads.tsx); `?invoice=<id>` (the link of the invoice's e-mail) goes to that invoice's page. A `?token` in the address is never taken (someone could plant their own
 * session there; the page's enhancer takes it out of the address); an ended session goes to
 * sign-in through the API client.
 */
export function useAccountData(locale: Locale): State {
  const api = useApiClient();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    // The invoice e-mail's link (`?invoice=<id>`) is the invoice's page.
    const shown = new URLSearchParams(window.location.search).get('invoice');
    if (isInvoiceId(shown)) return window.location.replace(invoicePath(locale, shown ?? ''));
    if (!readToken()) {
      toSignIn(locale);
      return;
    }
    let cancelled = false;
    Promise.all([
      api.get<{ user: AccountUser }>(ACCOUNT_READS.user),
      api.get<{ invoices: ApiInvoice[]; company: SavedCompany | null; purchase: PurchaseTerms }>(ACCOUNT_READS.invoices),
      api.get<{ subscriptions: ApiSubscription[] }>(ACCOUNT_READS.subscriptions),
    ]).then(([me, invoices, subscriptions]) => {
      if (cancelled || me.status === 401 || invoices.status === 401 || subscriptions.status === 401) return;
      if (!me.ok || !invoices.ok || !subscriptions.ok) return setState({ status: 'error' });
      setState({ status: 'ready', data: { user: me.result.user, ...invoices.result, subscriptions: subscriptions.result.subscriptions } });
    });
    return () => {
      cancelled = true;
    };
  }, [api, locale]);
  return state;
}
