import 'server-only';
import { UTM_FIELDS } from '@/lib/validation/attribution';

const MAX = { url: 500, utm: 200 };

/**
 * The page and campaign of a lead posted without scripts: the page's own form cannot know the
 * visit's campaign, but its post's Referer is the page it was sent from, with the query the visitor
 * arrived with (the post passed the cross-site check, so the Referer is a page of this site; only
 * its path and query are kept). What the form sent wins.
 */
export function withRefererAttribution<T extends Record<string, unknown>>(data: T, request: Request): T {
  const referer = request.headers.get('referer');
  if (!referer) return data;
  let page: URL;
  try {
    page = new URL(referer);
  } catch {
    return data;
  }
  const filled: Record<string, unknown> = { ...data };
  if (typeof filled.url !== 'string' || !filled.url) filled.url = `${page.pathname}${page.search}`.slice(0, MAX.url);
  const sent = UTM_FIELDS.some((field) => typeof data[field] === 'string' && data[field]);
  if (!sent) {
    for (const field of UTM_FIELDS) {
      const value = page.searchParams.get(field)?.trim();
      if (value) filled[field] = value.slice(0, MAX.utm);
    }
  }
  return filled as T;
}
