import * as z from 'zod/mini';

/**
 * The separate consent to the processing of personal data (152-FZ, art. 9; a document of its own
 * since 1 September 2025): every form that collects personal data has an unticked checkbox
 * `consent`, and the server refuses a body without it. A form post sends `on` (or `1`), JSON
 * `true`; anything else, or nothing, is `consentRequired`.
 */
export const consentField = z.pipe(
  z.transform((value: unknown) => value === true || (typeof value === 'string' && ['true', 'on', '1'].includes(value.trim().toLowerCase()))),
  z.literal(true, { error: 'consentRequired' }),
);

/**
 * The version of the consent text a visitor agreed to: the date it took effect. The text is
 * `Pages.consent` in messages/*.json; tests/consent-version.test.ts holds its hash, so changing the
 * text without a new date here fails the tests.
 */
export const CONSENT_VERSION = '2026-11-27';
