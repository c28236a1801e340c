'use client';

import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '@/components/api/api-client';
import type { Locale } from '@/site/locales.mjs';
import type { ApiInvoice, PurchaseTerms } from '@/lib/partner/api-types';
import { invoiceRead } from '@/lib/partner/partner-reads';
import { readToken } from '@/lib/token-store';
import { toSignIn } from '../../_components/use-account-data';

export type InvoiceState = { status: 'loading' } | { status: 'ready'; invoice: ApiInvoice; purchase: PurchaseTerms } | { status: 'notFound' } | { status: 'error' };

/** How often and how many times the page asks again after a card payment, until the invoice is paid. */
const POLL_MS = 2000;
const POLLS = 15;

/** The invoice's id: the last segment of the page's address (`…/auth/account/invoices/<id>`). */
const invoiceId = () => decodeURIComponent(window.location.pathname.split('/').filter(Boolean).at(-1) ?? '');

/**
 * The invoice of the page's address, with the purchase's terms. Back from a card payment
 * (`?paid=card`) it is asked for again a few times until it is paid: the payment service tells
 * the server, not the page. `polling` says whether it is still waiting.
 */
export function useInvoice(locale: Locale) {
  const api = useApiClient();
  const [state, setState] = useState<InvoiceState>({ status: 'loading' });
  const [polling, setPolling] = useState<'no' | 'waiting' | 'gaveUp'>('no');

  const load = useCallback(async (): Promise<InvoiceState | undefined> => {
    const answer = await api.get<{ invoice: ApiInvoice; purchase: PurchaseTerms }>(invoiceRead(encodeURIComponent(invoiceId())), { quiet: true });
    if (answer.status === 401) return undefined;
    const next: InvoiceState = answer.ok ? { status: 'ready', ...answer.result } : { status: answer.status === 404 ? 'notFound' : 'error' };
    setState(next);
    return next;
  }, [api]);

  useEffect(() => {
    if (!readToken()) return toSignIn(locale);
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const byCard = new URLSearchParams(window.location.search).get('paid') === 'card';
    const poll = async (left: number) => {
      if (!live) return;
      const loaded = await load();
      if (!live || !byCard || loaded?.status !== 'ready' || loaded.invoice.status !== 'issued') return setPolling('no');
      if (left === 0) return setPolling('gaveUp');
      setPolling('waiting');
      timer = setTimeout(() => void poll(left - 1), POLL_MS);
    };
    void poll(POLLS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [load, locale]);

  return { state, polling };
}
