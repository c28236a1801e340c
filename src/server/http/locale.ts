import 'server-only';
import { DEFAULT_LOCALE, preferredFromAcceptLanguage, type Locale } from '@/site/locales.mjs';

/**
 * The language of the answer: the first of ru/en in Accept-Language, else ru (docs/design.md,
 * «The server's contract»).
 */
export function requestLocale(request: Request): Locale {
  return preferredFromAcceptLanguage(request.headers.get('accept-language')) ?? DEFAULT_LOCALE;
}
