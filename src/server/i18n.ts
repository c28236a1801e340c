import 'server-only';
import { createTranslator, type IntlError } from 'next-intl';
import { compiledMessages } from '@/i18n/compiled-messages';
import type { MessageKey, Namespace } from '@/i18n/message-keys';
import type { Locale } from '@/site/locales.mjs';
import { getEnv } from './env';
import { getLogger } from './logger';

type Values = Record<string, string | number>;
type Translate = (key: string, values?: Values) => string;

/**
 * A text that cannot be made (a key the catalog lacks, a message that does not format) is a bug:
 * outside production it throws, so a test or a developer sees it at once; in production it is an
 * error line in the log and the reader gets the key's path (`Desk.kinds.order`) instead of the text.
 */
function onError(error: IntlError): void {
  if (getEnv().NODE_ENV !== 'production') throw error;
  getLogger().error({ code: error.code, detail: error.originalMessage }, 'a message could not be made');
}

const translators = new Map<string, Translate>();

/** next-intl's translator for one namespace of one language (made once, then kept). */
function translatorFor(locale: Locale, namespace: Namespace): Translate {
  const id = `${locale}:${namespace}`;
  let found = translators.get(id);
  if (!found) {
    found = createTranslator({ locale, messages: compiledMessages(locale), namespace, onError }) as unknown as Translate;
    translators.set(id, found);
  }
  return found;
}

/**
 * A server-side message lookup with next-intl's own translator, for the handlers that answer
 * outside a page: `translate('en', 'ApiErrors', 'tooLarge')`. The key is checked by the type
 * checker; one missing at run time throws outside production and is logged in it.
 */
export function translate<N extends Namespace>(locale: Locale, namespace: N, key: MessageKey<N>, values?: Values): string {
  if (values && Object.keys(values).length) return translatorFor(locale, namespace)(key, values);
  // A text without values is the same every time: kept, as the export asks for each field's label
  // and choice a row (next-intl's own call serialises its arguments for its caches each time).
  const id = `${locale}:${namespace}:${key}`;
  let text = plainTexts.get(id);
  if (text === undefined) plainTexts.set(id, (text = translatorFor(locale, namespace)(key)));
  return text;
}

const plainTexts = new Map<string, string>();

/** Whether the catalog holds the key, by its own entries only (next-intl's `has` also finds `toString`). */
function holds(locale: Locale, namespace: Namespace, key: string): boolean {
  let node: unknown = compiledMessages(locale)[namespace];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * The text of a key made from data (a stored form's name, a schema's issue): its translation when
 * the catalog has one, else `undefined`, for the caller's own fallback.
 */
export function translateIfKnown(locale: Locale, namespace: Namespace, key: string, values: Values = {}): string | undefined {
  return holds(locale, namespace, key) ? translatorFor(locale, namespace)(key, values) : undefined;
}
