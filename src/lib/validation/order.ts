import * as z from 'zod/mini';
import { choiceField, langField, optionalText, phoneField, requiredLine } from './common';
import { tisField, vinField } from './lead-tools';

/**
 * The order modal of the product pages (`POST /{ru,en}/services/order-send`), sent as an HTML form
 * post (strings) or as JSON. t_client: 1 = auto business, 2 = private person, 3 = wants a spare part.
 * `url` is the page to return to (same-origin path); `city` is a hidden field fixed to '-'.
 */
export const OrderInputSchema = z.object({
  name: requiredLine(),
  phone: phoneField,
  t_client: choiceField(['1', '2', '3'] as const),
  t_client_txt: optionalText(),
  city: optionalText(100),
  btn_type: optionalText(50),
  lang: langField,
  url: optionalText(500),
  yandex_metrica_client_id: optionalText(64),
  /** On the VIN check's and the TIS calculator's answers the form carries the car or the set. */
  vin: vinField,
  tis: tisField,
});

export type OrderInput = z.infer<typeof OrderInputSchema>;
