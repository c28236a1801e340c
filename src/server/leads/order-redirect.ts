import 'server-only';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { ORDER_DRAFT_FIELD } from '@/site/site-pages.mjs';

const ORIGIN = 'http://localhost';

/**
 * Where the order form post returns: its `url` when it is a same-origin path (one leading
 * slash, no backslash, no scheme), else the index of its language. With an outcome given, with
 * `order=sent|invalid`, the id of the draft kept for a refused post (`draft`, else none) and the
 * fragment `#order`, so that the page comes back at the form and its answer.
 * Checked again after parsing: dot segments can turn `/.//host/x` into `//host/x`.
 */
export function orderRedirectTarget(url: unknown, lang: unknown, outcome?: 'sent' | 'invalid', draft?: string): string {
  const locale = isLocale(lang) ? lang : 'ru';
  const candidate = typeof url === 'string' && /^\/(?![/\\])/.test(url) && !/[\\\s]/.test(url) && url.length <= 500 ? url : undefined;
  const parsed = new URL(candidate ?? localizedPath(locale, ''), ORIGIN);
  const stays = parsed.origin === ORIGIN && !/^\/[/\\]/.test(parsed.pathname);
  const target = stays ? parsed : new URL(localizedPath(locale, ''), ORIGIN);
  if (outcome) {
    target.searchParams.set('order', outcome);
    target.searchParams.delete(ORDER_DRAFT_FIELD);
    if (draft) target.searchParams.set(ORDER_DRAFT_FIELD, draft);
    target.hash = 'order';
  }
  return `${target.pathname}${target.search}${target.hash}`;
}
