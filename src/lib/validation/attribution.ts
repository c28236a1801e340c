import { optionalText } from './common';
import { CAMPAIGN_FIELDS as CAMPAIGN_NAMES } from './form-names';
import { defineFields } from '@/lib/leads/lead-field';

/**
 * Where a lead came from, carried by every lead kind: the page it was sent from, and the campaign
 * of the visit's landing page (its `utm_*` and the site that referred the visitor), which the page
 * enhancer keeps for the visit (src/site/visit.mjs) and the server reads from the form post's
 * Referer when the page had no scripts (src/server/leads/attribution.ts).
 */
export const attributionShape = {
  /** The page the form was sent from (a path of this site, with its query). */
  url: optionalText(500),
  utm_source: optionalText(200),
  utm_medium: optionalText(200),
  utm_campaign: optionalText(200),
  utm_content: optionalText(200),
  utm_term: optionalText(200),
  /** The site that sent the visitor to the visit's landing page (its origin). */
  referrer: optionalText(300),
};

/** The campaign parameters: the attribution fields a landing page's address carries (all but the page and the referrer). */
export const CAMPAIGN_FIELDS: ReadonlyArray<keyof typeof attributionShape> = CAMPAIGN_NAMES;

type Attribution = { [K in keyof typeof attributionShape]?: string };

/** What sales see of it, after each kind's own fields. */
export const attributionFields = defineFields<Attribution>([
  { name: 'url', label: 'page', show: { as: 'page' } },
  { name: 'utm_source', label: 'utmSource' },
  { name: 'utm_medium', label: 'utmMedium' },
  { name: 'utm_campaign', label: 'utmCampaign' },
  { name: 'utm_content', label: 'utmContent' },
  { name: 'utm_term', label: 'utmTerm' },
  { name: 'referrer', label: 'referrer' },
]);
