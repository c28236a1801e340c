import * as z from 'zod/mini';
import { attributionFields, attributionShape } from '@/lib/validation/attribution';
import { choiceField, langField, optionalText, phoneField, requiredLine } from '@/lib/validation/common';
import { consentField } from '@/lib/validation/consent';
import { tisField, vinField } from '@/lib/validation/lead-tools';
import { productField } from '@/lib/validation/product';
import { productFields, type LeadDefinition } from './lead-field';

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
  yandex_metrica_client_id: optionalText(64),
  /** On the VIN check's and the TIS calculator's answers the form carries the car or the set. */
  vin: vinField,
  tis: tisField,
  /** The product or plan the button that opened the form named. */
  product: productField,
  consent: consentField,
  ...attributionShape,
});

export type OrderInput = z.infer<typeof OrderInputSchema>;

export const orderLead: LeadDefinition<OrderInput, 'order'> = {
  kinds: ['order'],
  digest: ['product', { bold: 'name' }, 'phone', 'vin', 'url'],
  fields: [
    ...productFields,
    { name: 'name', label: 'name', personal: true },
    { name: 'phone', label: 'phone', show: { as: 'phone' }, personal: true },
    { name: 't_client', label: 'clientType', show: { as: 'choice', group: 'clientTypes', prefix: 'order' } },
    { name: 'btn_type', label: 'button', show: { as: 'choice', group: 'kinds' } },
    { name: 'city', label: 'city' },
    { name: 'vin', label: 'vin', show: { as: 'vin' } },
    { name: 'tis', label: 'tis', show: { as: 'tis' } },
    { name: 't_client_txt', label: 'comment', show: { as: 'longText' }, personal: true },
    ...attributionFields,
    { name: 'yandex_metrica_client_id', label: 'metrica', personal: true },
  ],
};
