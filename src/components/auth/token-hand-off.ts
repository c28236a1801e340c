import { useCallback } from 'react';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { accountReturn, NEXT_FIELD } from '@/lib/partner/partner-paths';
import { storeToken } from '@/lib/token-store';

export interface TokenResult {
  token?: string;
  redirect?: string;
}

/**
 * Keeps a fresh token, then goes where the server says: the partner site with the token (as the
 * specification hands it over), else this site's account page, or the page of it the sign-in
 * page was sent from (`?next=`, a path of the partner area only).
 */
export function useTokenHandOff() {
  return useCallback((locale: Locale, result: TokenResult | undefined) => {
    if (!result?.token) return;
    storeToken(result.token);
    const account = localizedPath(locale, 'auth/account');
    const builtIn = !result.redirect || result.redirect === account;
    const back = builtIn ? accountReturn(new URLSearchParams(window.location.search).get(NEXT_FIELD), locale) : undefined;
    window.location.assign(back ?? (result.redirect || account));
  }, []);
}
