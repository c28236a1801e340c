import * as z from 'zod/mini';
import { emailField, MAX_TEXT, missingOr, optionalText, phoneField, requiredLine } from './common';

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
  /** Page the dialog was sent from (optional, shown to sales). */
  url: optionalText(500),
});

export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;
