import * as z from 'zod/mini';
import { attributionFields, attributionShape } from '@/lib/validation/attribution';
import { booleanField, choiceField, emailField, langField, missingOr, optionalText, phoneField, requiredLine } from '@/lib/validation/common';
import { consentField } from '@/lib/validation/consent';
import { tisField, vinField } from '@/lib/validation/lead-tools';
import { productField } from '@/lib/validation/product';
import { contactDigest, contactFields, productFields, type LeadDefinition } from './lead-field';

/**
 * The buy/demo dialog (`POST /api/telega/send-mail`).
 * t_client: 1 = wants to buy/view the catalogue, 3 = wants to buy a spare part (2 is accepted too).
 */
export const LeadInputSchema = z.object({
  flag_check_not_business: booleanField,
  t: z.enum(['btn_buy', 'btn_demo'], { error: missingOr('invalidChoice') }),
  lang: langField,
  name: requiredLine(),
  phone: phoneField,
  email: emailField,
  t_client: choiceField(['1', '2', '3'] as const),
  t_client_txt: optionalText(),
  yandex_metrica_client_id: optionalText(64),
  /** The car checked on /vehicle and the TIS set priced on /tis, when the dialog was opened there. */
  vin: vinField,
  tis: tisField,
  /** The product or plan the button that opened the form named. */
  product: productField,
  consent: consentField,
  ...attributionShape,
});

export type LeadInput = z.infer<typeof LeadInputSchema>;

export const buyDemoLead: LeadDefinition<LeadInput, 'btn_buy' | 'btn_demo'> = {
  kinds: ['btn_buy', 'btn_demo'],
  digest: ['product', ...contactDigest, 'vin', 'url'],
  fields: [
    ...productFields,
    ...contactFields,
    { name: 't_client', label: 'clientType', show: { as: 'choice', group: 'clientTypes', prefix: 'dialog' } },
    { name: 'flag_check_not_business', label: 'notBusiness', show: { as: 'flag' } },
    { name: 'vin', label: 'vin', show: { as: 'vin' } },
    { name: 'tis', label: 'tis', show: { as: 'tis' } },
    { name: 't_client_txt', label: 'comment', show: { as: 'longText' }, personal: true },
    ...attributionFields,
    { name: 'yandex_metrica_client_id', label: 'metrica', personal: true },
  ],
};
