import { z } from 'zod';
import { optionalText, phoneField, requiredText } from './common';

export { HONEYPOT_FIELD } from './honeypot';

/** The order modal of the product pages (form post to /{lang}/services/order-send). */
export const OrderInputSchema = z.object({
  name: requiredText(),
  phone: phoneField,
  t_client: z.enum(['1', '2', '3'], 'invalidChoice'),
  t_client_txt: optionalText(),
  city: z.string().max(100, 'tooLong'),
  btn_type: z.enum(['btn_buy', 'btn_demo']),
  lang: z.enum(['ru', 'en']),
  url: z.string().max(2000, 'tooLong'),
});
export type OrderInput = z.infer<typeof OrderInputSchema>;
