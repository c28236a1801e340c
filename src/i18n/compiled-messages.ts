import compile from 'icu-minify/compile';
import { phoneCountries } from '@/lib/phone/phone-format';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';

/**
 * The message catalogs, every text compiled from ICU syntax once, at start (docs/decisions/011):
 * next-intl then formats them with its small formatter (`use-intl/format-message/format-only`,
 * aliased in next.config.ts and vitest.config.ts), so no browser loads an ICU parser. Arrays and
 * objects (`t.raw` content) keep their shape; a plain text compiles to itself.
 */
export type Catalog = typeof ru & { Countries: Record<string, string> };

/**
 * `Countries`: every phone country's name, from this runtime's CLDR names (Intl.DisplayNames).
 * The dialogs get them with their other messages, so that the browser neither downloads a table
 * of names nor asks its own ICU, whose names differ in places (Chromium: «Гонконг» for «Гонконг
 * (САР)»), which would break hydration (docs/decisions/016).
 */
function countryNames(locale: string): Record<string, string> {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  return Object.fromEntries(phoneCountries().map((code) => [code, names.of(code) ?? code]));
}

function compileTree(value: unknown): unknown {
  if (typeof value === 'string') return compile(value);
  if (Array.isArray(value)) return value.map(compileTree);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, compileTree(inner)]));
  return value;
}

const compiled = new Map<string, Catalog>();

/** The compiled catalog of a language (made on first use, then kept). */
export function compiledMessages(locale: 'ru' | 'en'): Catalog {
  let catalog = compiled.get(locale);
  if (!catalog) {
    catalog = { ...(compileTree(locale === 'ru' ? ru : en) as typeof ru), Countries: countryNames(locale) };
    compiled.set(locale, catalog);
  }
  return catalog;
}
