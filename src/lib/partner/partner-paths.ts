import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';

/*
 * The partner area's addresses, and where sign-in takes a visitor back: only somewhere in this
 * site's own partner area (the account page with its query, an invoice's page), so that a crafted
 * `?next=` can send nobody to another site or another page.
 */

/** The account page (the partner area's own when PARTNER_LOGIN_URL is unset). */
export const accountPath = (locale: Locale) => localizedPath(locale, 'auth/account');

/** An invoice's page in the partner area. */
export const invoicePath = (locale: Locale, id: string) => localizedPath(locale, `auth/account/invoices/${encodeURIComponent(id)}`);

/** The sign-in page's query field naming the return address. */
export const NEXT_FIELD = 'next';

/** The partner area's paths in a language: the account page and what lies below it. */
function inPartnerArea(pathname: string, locale: Locale): boolean {
  const area = accountPath(locale);
  return pathname === area || pathname.startsWith(`${area}/`);
}

/**
 * The return address `next` if it is a path of the partner area in the page's language (with its
 * query), else undefined. A full address, a protocol-relative one (`//host`), a backslash or a
 * control character never passes.
 */
export function accountReturn(next: string | null | undefined, locale: Locale): string | undefined {
  if (!next || next.length > 2000 || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return undefined;
  let url: URL;
  try {
    url = new URL(next, 'http://site.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://site.invalid' || !inPartnerArea(url.pathname, locale)) return undefined;
  return `${url.pathname}${url.search}`;
}

/**
 * The sign-in page, coming back to `back` (a path of the partner area) once signed in; `session`
 * says the session ended (the page shows so).
 */
export function signInPath(locale: Locale, { back, session }: { back?: string; session?: boolean } = {}): string {
  const query = new URLSearchParams();
  if (session) query.set('message', 'session');
  const next = accountReturn(back, locale);
  if (next) query.set(NEXT_FIELD, next);
  const search = query.toString();
  return `${localizedPath(locale, 'auth/sign')}${search ? `?${search}` : ''}`;
}
