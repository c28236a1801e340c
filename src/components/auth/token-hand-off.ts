import { useCallback } from 'react';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { storeToken } from '@/lib/token-store';

export interface TokenResult {
  token?: string;
  redirect?: string;
}

/** Keeps a fresh token, then goes where the server says: the partner area, else the account page. */
export function useTokenHandOff() {
  return useCallback((locale: Locale, result: TokenResult | undefined) => {
    if (!result?.token) return;
    storeToken(result.token);
    window.location.assign(result.redirect || localizedPath(locale, 'auth/account'));
  }, []);
}
