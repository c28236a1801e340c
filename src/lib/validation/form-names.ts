/**
 * Names the browser needs without the schemas (which load at a form's first send, decision 011):
 * the honeypot field every public form carries, left empty by people, and the campaign
 * parameters that a landing page's address carries (the lead's attribution, `attribution.ts`).
 */
export const HONEYPOT_FIELD = 'website';

export const CAMPAIGN_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
