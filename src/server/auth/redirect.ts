import 'server-only';
import type { Locale } from '@/lib/locales';
import { localizedPath } from '@/lib/paths';
import { getEnv } from '../env';

/** Where the browser goes after sign-in: the partner area, else this site's account page. */
export function accountRedirect(token: string, locale: Locale): string {
  const partner = getEnv().PARTNER_LOGIN_URL;
  if (partner) {
    const url = new URL(partner);
    url.searchParams.set('token', token);
    return url.toString();
  }
  return `${localizedPath(locale, 'auth/account')}?token=${encodeURIComponent(token)}`;
}
