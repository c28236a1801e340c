import 'server-only';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';

const ORIGIN = 'http://localhost';

/**
 * Where the order form post returns: its `url` when it is a same-origin path (one leading
 * slash, no backslash, no scheme), else the index of its language; with `order=sent|invalid`
 * when an outcome is given.
 * Checked again after parsing: dot segments can turn `/.//host/x` into `//host/x`.
 */
export function orderRedirectTarget(url: unknown, lang: unknown, outcome?: 'sent' | 'invalid'): string {
  const locale = isLocale(lang) ? lang : 'ru';
  const candidate = typeof url === 'string' && /^\/(?![/\\])/.test(url) && !/[\\\s]/.test(url) && url.length <= 500 ? url : undefined;
  const parsed = new URL(candidate ?? localizedPath(locale, ''), ORIGIN);
  const stays = parsed.origin === ORIGIN && !/^\/[/\\]/.test(parsed.pathname);
  const target = stays ? parsed : new URL(localizedPath(locale, ''), ORIGIN);
  if (outcome) target.searchParams.set('order', outcome);
  return `${target.pathname}${target.search}${target.hash}`;
}
