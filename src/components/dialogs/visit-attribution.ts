import { CAMPAIGN_FIELDS } from '@/lib/validation/form-names';

/**
 * The key under which the page enhancer keeps the visit's campaign in sessionStorage
 * (src/enhancer/campaign.mjs writes it on every page; the enhancer is inlined into pages and cannot
 * import this, so the two name it alike).
 */
const VISIT_KEY = 'epc:visit';

/**
 * Where a lead comes from, as every lead form sends it: the page it is sent from, and the campaign
 * of the visit's landing page (its campaign parameters, and the site that referred the visitor),
 * kept by the enhancer for the tab's visit while the visitor moves between pages.
 */
export function visitAttribution(): Record<string, string> {
  const attribution: Record<string, string> = { url: `${location.pathname}${location.search}` };
  try {
    const stored = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? '{}') as { query?: unknown; referrer?: unknown };
    const landing = new URLSearchParams(typeof stored.query === 'string' ? stored.query : '');
    for (const field of CAMPAIGN_FIELDS) {
      const value = landing.get(field);
      if (value) attribution[field] = value;
    }
    if (typeof stored.referrer === 'string' && stored.referrer) attribution.referrer = stored.referrer;
  } catch {
    // No storage (a private window's limits) or a broken record: the page alone.
  }
  return attribution;
}
