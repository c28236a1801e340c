import 'server-only';
import { createTranslator } from 'next-intl';
import { compiledMessages } from '@/i18n/compiled-messages';
import type { Locale } from '@/site/locales.mjs';

type Namespace = 'Validation' | 'ApiErrors' | 'ApiSuccess' | 'RemindMail' | 'VinIssues' | 'Desk' | 'Footer' | 'TisCalculator' | 'Billing' | 'Home' | 'InvoiceMail' | 'RenewalMail';

const translators = new Map<string, (key: string, values?: Record<string, string | number>) => string>();

/** next-intl's translator for one namespace of one language (made once, then kept). */
function translatorFor(locale: Locale, namespace: Namespace) {
  const id = `${locale}:${namespace}`;
  let found = translators.get(id);
  if (!found) {
    const t = createTranslator({ locale, messages: compiledMessages(locale), namespace, onError: () => {} });
    found = (key, values) => (t.has(key as never) ? t(key as never, values as never) : key);
    translators.set(id, found);
  }
  return found;
}

/**
 * A server-side message lookup with next-intl's own translator, for the handlers that answer
 * outside a page: `translate('en', 'ApiErrors', 'tooLarge')`. An unknown key comes back as it is.
 */
export function translate(locale: Locale, namespace: Namespace, key: string, values: Record<string, string | number> = {}): string {
  return translatorFor(locale, namespace)(key, values);
}
