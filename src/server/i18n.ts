import 'server-only';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import type { Locale } from '@/lib/locales';

const catalogs = { ru, en } as const;
type Catalog = typeof ru;

/** A server-side message lookup: `translate('en', 'ApiErrors', 'tooLarge')`; {name} placeholders. */
export function translate<N extends 'Validation' | 'ApiErrors' | 'ApiSuccess' | 'RemindMail' | 'VinIssues'>(
  locale: Locale,
  namespace: N,
  key: string,
  values: Record<string, string> = {},
): string {
  const table = catalogs[locale][namespace] as Record<string, string>;
  const fallback = (ru as Catalog)[namespace] as Record<string, string>;
  const text = table[key] ?? fallback[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}
