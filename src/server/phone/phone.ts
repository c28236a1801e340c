import 'server-only';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Locale } from '@/site/locales.mjs';

/**
 * Phone numbers on the server, exactly, with libphonenumber-js's full metadata (the browser reads
 * them from generated tables: docs/decisions/011, 019). Every number a form sends is stored and
 * delivered in E.164.
 */

const asCountry = (value: unknown): CountryCode | undefined => {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code) ? code : undefined;
};

/**
 * `text` in E.164 when it is a valid number: international (`+…`), or national in `country`
 * (`8 916 123-45-67` in Russia, `030 901820` in Germany). Undefined when it is not a valid number
 * there (the schema then refuses it as `invalidPhone`).
 */
export function phoneToE164(text: string, country?: string): string | undefined {
  if (!/\d/.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: asCountry(country), extract: false });
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * The country a national number in a form is read in: the form's `phone_country` (the phone
 * field's country) when it is one, else the visitor's (GeoIP or the CDN's header), else the
 * language's (ru: Russia; en: none, so a national number is refused).
 */
export function phoneCountryOf(formCountry: unknown, visitorCountry: string | undefined, locale: Locale): string | undefined {
  return asCountry(formCountry) ?? asCountry(visitorCountry) ?? (locale === 'ru' ? 'RU' : undefined);
}

/**
 * A parsed body with `phone` in E.164 where it reads as a valid number; otherwise as it came
 * (the schema's `phoneField` refuses anything that is not a valid E.164 number).
 */
export function withPhoneInE164(body: Record<string, unknown>, country: string | undefined): Record<string, unknown> {
  if (typeof body.phone !== 'string') return body;
  const e164 = phoneToE164(body.phone, country);
  if (!e164 || e164 === body.phone) return body;
  return Object.assign(Object.create(null) as Record<string, unknown>, body, { phone: e164 });
}

/** An E.164 number as people read it (`+7 916 123 45 67`); the text itself when it is not one. */
export function formatInternational(e164: string): string {
  return parsePhoneNumberFromString(e164, { extract: false })?.formatInternational() ?? e164;
}
