import 'server-only';
import { preferredFromAcceptLanguage } from '@/site/locales.mjs';
import { defaultLocale, type Locale } from '@/lib/locales';

/** The language of the answer: the first of ru/en in Accept-Language, else ru (DESIGN.md §5). */
export function requestLocale(request: Request): Locale {
  return preferredFromAcceptLanguage(request.headers.get('accept-language')) ?? defaultLocale;
}
