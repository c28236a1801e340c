import * as z from 'zod/mini';
import { attributionFields, attributionShape } from '@/lib/validation/attribution';
import { passwordField } from '@/lib/validation/auth';
import { emailField, missingOr, optionalText, phoneField, requiredLine } from '@/lib/validation/common';
import { consentField } from '@/lib/validation/consent';
import { contactDigest, contactFields, type LeadDefinition } from './lead-field';

/** Registration (`POST /api/auth/registration`): the specification's fields and required set. */
export const RegistrationInputSchema = z
  .object({
    email: emailField,
    phone: phoneField,
    pw: passwordField,
    pw2: z.string({ error: missingOr('invalidValue') }).check(z.minLength(1, 'required')),
    name_f: optionalText(100),
    name_i: requiredLine(100),
    firm_name: requiredLine(),
    country_name: requiredLine(100),
    city_name: requiredLine(100),
    consent: consentField,
    ...attributionShape,
  })
  // Checked with the other fields' errors, not after them (`when`: as soon as both passwords are
  // there), so that a form sent half filled shows every error at once.
  .check(
    z.refine((input) => input.pw === input.pw2, {
      error: 'passwordsDiffer',
      path: ['pw2'],
      when: ({ value }) => typeof (value as { pw?: unknown })?.pw === 'string' && typeof (value as { pw2?: unknown })?.pw2 === 'string' && (value as { pw2: string }).pw2 !== '',
    }),
  );

export type RegistrationInput = z.infer<typeof RegistrationInputSchema>;

/** What a registration keeps as a lead: the account's contacts and firm, never the password. */
export type RegistrationLead = Omit<RegistrationInput, 'pw' | 'pw2' | 'name_i' | 'name_f' | 'consent'> & { name: string; user_id?: string };

export const registrationLead: LeadDefinition<RegistrationLead, 'registration'> = {
  kinds: ['registration'],
  digest: [...contactDigest, 'firm_name', 'url'],
  fields: [
    ...contactFields,
    { name: 'firm_name', label: 'firm', personal: true },
    { name: 'country_name', label: 'country' },
    { name: 'city_name', label: 'city', personal: true },
    ...attributionFields,
  ],
};

/** The lead stored for a registration. */
export function registrationLeadOf(input: RegistrationInput, userId: string): RegistrationLead {
  const kept = Object.fromEntries(Object.entries(input).filter(([key]) => !['pw', 'pw2', 'name_i', 'name_f', 'consent'].includes(key)));
  return { ...(kept as Omit<RegistrationLead, 'name' | 'user_id'>), name: [input.name_i, input.name_f].filter(Boolean).join(' '), user_id: userId };
}
