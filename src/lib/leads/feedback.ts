import * as z from 'zod/mini';
import { attributionFields, attributionShape } from '@/lib/validation/attribution';
import { emailField, MAX_TEXT, missingOr, optionalText, phoneField, requiredLine } from '@/lib/validation/common';
import { consentField } from '@/lib/validation/consent';
import { contactDigest, contactFields, type LeadDefinition } from './lead-field';

/** The feedback dialog (`POST /api/telega/send`). All fields are required, as the dialog says. */
export const FeedbackInputSchema = z.object({
  yandex_metrica_client_id: optionalText(64),
  t: z.literal('feedback', { error: 'invalidChoice' }),
  name: requiredLine(),
  phone: phoneField,
  email: emailField,
  note: requiredLine(MAX_TEXT),
  department: z.enum(['seller', 'support'], { error: missingOr('invalidChoice') }),
  country_name: requiredLine(100),
  consent: consentField,
  ...attributionShape,
});

export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;

export const feedbackLead: LeadDefinition<FeedbackInput, 'feedback'> = {
  kinds: ['feedback'],
  digest: [...contactDigest, 'url'],
  fields: [
    ...contactFields,
    { name: 'department', label: 'department', show: { as: 'choice', group: 'departments' } },
    { name: 'country_name', label: 'country' },
    { name: 'note', label: 'comment', show: { as: 'longText' }, personal: true },
    ...attributionFields,
    { name: 'yandex_metrica_client_id', label: 'metrica', personal: true },
  ],
};
