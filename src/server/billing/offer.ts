/**
 * The version of the offer (`/about/oferta`) in force: an invoice names it, and paying the invoice
 * accepts that text. Change it with the offer's text.
 */
export const OFFER_VERSION = '2026-11-27';
