import 'server-only';
import { createTranslator } from 'next-intl';
import { compiledMessages, type Catalog } from '@/i18n/compiled-messages';
import type { Locale } from '@/site/locales.mjs';

/** Any namespace of the catalog (the messages' top-level keys). */
type Namespace = keyof Catalog & string;

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
export function translate(locale: Locale, namespace: Namespace, key: string, values?: Record<string, string | number>): string {
  if (values && Object.keys(values).length) return translatorFor(locale, namespace)(key, values);
  // A text without values is the same every time: kept, as the export asks for each field's label
  // and choice a row (next-intl's own call serialises its arguments for its caches each time).
  const id = `${locale}:${namespace}:${key}`;
  let text = plainTexts.get(id);
  if (text === undefined) plainTexts.set(id, (text = translatorFor(locale, namespace)(key)));
  return text;
}

const plainTexts = new Map<string, string>();
