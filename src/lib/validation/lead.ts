import { z } from 'zod';
import { emailField, optionalText, phoneField, requiredText } from './common';

export { HONEYPOT_FIELD } from './honeypot';

/** The buy/demo dialog (POST /api/telega/send-mail). */
export const LeadInputSchema = z.object({
  flag_check_not_business: z.boolean(),
  t: z.enum(['btn_buy', 'btn_demo']),
  lang: z.enum(['ru', 'en']),
  name: requiredText(),
  phone: phoneField,
  email: emailField,
  t_client: z.union([z.literal(1), z.literal(3)], 'invalidChoice'),
  t_client_txt: optionalText(),
  yandex_metrica_client_id: optionalText(100),
});
export type LeadInput = z.infer<typeof LeadInputSchema>;
