import 'server-only';
import { localizedPath } from '@/lib/paths';
import type { Locale } from '@/site/locales.mjs';

/** The site as a letter names it: its name always, its address when NEXT_PUBLIC_SITE_URL is set. */
export interface SiteAddress {
  name: string;
  url?: string;
}

/**
 * An absolute address in the partner area (`https://site/ru/auth/account?invoice=…`), or none when
 * the site's address is not set: a letter cannot carry a relative link, and says in words where to
 * go instead.
 */
function partnerAreaUrl(site: SiteAddress, lang: Locale, query: Record<string, string>): string | undefined {
  if (!site.url) return undefined;
  return `${site.url}${localizedPath(lang, 'auth/account')}?${new URLSearchParams(query)}`;
}

/** The invoice's page in the partner area. */
export const invoicePageUrl = (site: SiteAddress, lang: Locale, invoiceId: string) => partnerAreaUrl(site, lang, { invoice: invoiceId });

/** The partner area's offer to issue an invoice again (`POST /api/invoices/{id}/repeat`). */
export const renewalUrl = (site: SiteAddress, lang: Locale, invoiceId: string) => partnerAreaUrl(site, lang, { renew: invoiceId });
