import { isValidPhone } from '#phone-validity';
import * as z from 'zod/mini';

/**
 * Building blocks of the form schemas shared by the client forms and the server handlers.
 * Every issue message is a key of the `Validation` namespace in messages/*.json, so both sides
 * translate with `Validation.<key>`. Written with zod's small build (zod/mini): the browser loads
 * these schemas too (docs/decisions/011, 016).
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
  | 'invalidValue'
  | 'invalidVin'
  | 'unknownProduct'
  | 'consentRequired';

// In the browser zod would probe `new Function` for its fast path; the strict CSP refuses it and
// reports a violation for every page. The forms are small: the plain path is fast enough.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { HONEYPOT_FIELD } from './form-names';

export const MAX_TEXT = 2000;
const MAX_LINE = 200;

/** `required` when the field is absent, else `key`. */
export const missingOr = (key: ValidationKey) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : key;

/** A required single-line text, trimmed. */
export const requiredLine = (max = MAX_LINE) =>
  z.string({ error: missingOr('invalidValue') }).check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'tooLong'));

/** An optional text: empty or absent becomes undefined. */
export const optionalText = (max = MAX_TEXT) =>
  z.pipe(
    z.optional(z.string({ error: 'invalidValue' }).check(z.trim(), z.maxLength(max, 'tooLong'))),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  );

export const emailField = z.pipe(
  z.string({ error: missingOr('invalidEmail') }).check(z.trim(), z.minLength(1, 'required'), z.maxLength(254, 'tooLong')),
  z.email('invalidEmail'),
);

/** A phone number in international format (+7…): exact on the server, plausible in the browser. */
export const phoneField = z
  .string({ error: missingOr('invalidPhone') })
  .check(z.trim(), z.minLength(1, 'required'), z.maxLength(32, 'tooLong'), z.refine(isValidPhone, 'invalidPhone'));

export const langField = z.enum(['ru', 'en'], { error: missingOr('invalidChoice') });

/** A choice among string values; numbers are accepted as their string form (JSON clients). */
export const choiceField = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
    z.enum(values, { error: missingOr('invalidChoice') }),
  );

/** A boolean; form posts send 'true' / 'on' / '1'. Absent means false. */
export const booleanField = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? ['true', 'on', '1'].includes(value.toLowerCase()) : (value ?? false))),
  z.boolean({ error: 'invalidValue' }),
);
