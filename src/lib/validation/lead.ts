import * as z from 'zod/mini';
import { booleanField, missingOr, choiceField, emailField, langField, optionalText, phoneField, requiredLine } from './common';
import { tisField, vinField } from './lead-tools';

/** UTM tags of the visit, when the client knows them (optional, shown to sales). */
const UtmSchema = z.optional(
  z.object({
    utm_source: optionalText(200),
    utm_medium: optionalText(200),
    utm_campaign: optionalText(200),
    utm_content: optionalText(200),
    utm_term: optionalText(200),
  }),
);

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
  /** Page the dialog was sent from and the visit's UTM tags (optional, shown to sales). */
  url: optionalText(500),
  utm: UtmSchema,
  /** The car checked on /vehicle and the TIS set priced on /tis, when the dialog was opened there. */
  vin: vinField,
  tis: tisField,
});

export type LeadInput = z.infer<typeof LeadInputSchema>;
