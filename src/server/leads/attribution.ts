import 'server-only';
import { CAMPAIGN_FIELDS } from '@/lib/validation/attribution';

const MAX = { url: 500, campaign: 200 };

/**
 * The page and campaign (its `utm_*` and other campaign parameters) of a lead posted without scripts: the page's own form cannot know the
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
  const sent = CAMPAIGN_FIELDS.some((field) => typeof data[field] === 'string' && data[field]);
  if (!sent) {
    for (const field of CAMPAIGN_FIELDS) {
      const value = page.searchParams.get(field)?.trim();
      if (value) filled[field] = value.slice(0, MAX.campaign);
    }
  }
  return filled as T;
}
