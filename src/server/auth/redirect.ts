import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '../env';

/**
 * Where the browser goes after sign-in: the partner area with the token (the specification's
 * hand-over), else this site's account page, which reads the token from storage only (the form
 * stores it before leaving): a token in one of our own URLs could be planted by someone else.
 */
export function accountRedirect(token: string, locale: Locale): string {
  const partner = getEnv().PARTNER_LOGIN_URL;
  if (partner) {
    const url = new URL(partner);
    url.searchParams.set('token', token);
    return url.toString();
  }
  return localizedPath(locale, 'auth/account');
}
