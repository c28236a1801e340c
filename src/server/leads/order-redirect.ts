import 'server-only';
import { isLocale } from '@/lib/locales';
import { localizedPath } from '@/lib/paths';

/**
 * Where the order form post returns: its `url` when it is a same-origin path (one leading
 * slash, no backslash, no scheme), else the index of its language; with `order=sent|invalid`.
 */
export function orderRedirectTarget(url: unknown, lang: unknown, outcome: 'sent' | 'invalid'): string {
  const locale = isLocale(lang) ? lang : 'ru';
  const safe =
    typeof url === 'string' && /^\/(?![/\\])/.test(url) && !/[\\\s]/.test(url) && url.length <= 500 ? url : localizedPath(locale, '');
  const parsed = new URL(safe, 'http://localhost');
  parsed.searchParams.set('order', outcome);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
