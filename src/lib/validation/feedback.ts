import { z } from 'zod';
import { emailField, optionalText, phoneField, requiredText } from './common';

export { HONEYPOT_FIELD } from './honeypot';

/** The feedback dialog (POST /api/telega/send). */
export const FeedbackInputSchema = z.object({
  yandex_metrica_client_id: optionalText(100),
  t: z.literal('feedback'),
  name: requiredText(),
  phone: phoneField,
  email: emailField,
  note: requiredText(5000),
  department: z.enum(['seller', 'support'], 'invalidChoice'),
  country_name: requiredText(),
});
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;
