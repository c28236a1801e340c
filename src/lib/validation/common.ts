import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';

/**
 * Building blocks of the form schemas shared by the client forms and the server handlers.
 * Every issue message is a key of the `Validation` namespace in messages/*.json, so both sides
 * translate with `Validation.<key>`.
 */
export type ValidationKey =
  | 'required'
  | 'invalidEmail'
  | 'invalidPhone'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordCommon'
  | 'passwordsDiffer'
  | 'tooLong'
  | 'invalidChoice'
  | 'invalidValue';

// In the browser zod would probe `new Function` for its fast path; the strict CSP refuses it and
// reports a violation for every page. The forms are small: the plain path is fast enough.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** The name of the honeypot field every public form carries, left empty by people. */
export const HONEYPOT_FIELD = 'website';

export const MAX_TEXT = 2000;
export const MAX_LINE = 200;

const missingOr = (key: ValidationKey) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : key;

/** A required single-line text, trimmed. */
export const requiredLine = (max = MAX_LINE) =>
  z.string({ error: missingOr('invalidValue') }).trim().min(1, 'required').max(max, 'tooLong');

/** An optional text: empty or absent becomes undefined. */
export const optionalText = (max = MAX_TEXT) =>
  z
    .string({ error: 'invalidValue' })
    .trim()
    .max(max, 'tooLong')
    .optional()
    .transform((value) => (value ? value : undefined));

export const emailField = z
  .string({ error: missingOr('invalidEmail') })
  .trim()
  .min(1, 'required')
  .max(254, 'tooLong')
  .pipe(z.email('invalidEmail'));

/** A phone number in international format (+7…), valid per libphonenumber-js. */
export const phoneField = z
  .string({ error: missingOr('invalidPhone') })
  .trim()
  .min(1, 'required')
  .max(32, 'tooLong')
  .refine((value) => value.startsWith('+') && isValidPhoneNumber(value), 'invalidPhone');

export const langField = z.enum(['ru', 'en'], { error: missingOr('invalidChoice') });

/** A choice among string values; numbers are accepted as their string form (JSON clients). */
export const choiceField = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(values, { error: missingOr('invalidChoice') }),
  );

/** A boolean; form posts send 'true' / 'on' / '1'. Absent means false. */
export const booleanField = z.preprocess(
  (value) => (typeof value === 'string' ? ['true', 'on', '1'].includes(value.toLowerCase()) : value),
  z.boolean({ error: 'invalidValue' }).default(false),
);
