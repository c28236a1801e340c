import 'server-only';
import { Metadata, type CountryCode } from 'libphonenumber-js/core';
import { isSupportedCountry } from 'libphonenumber-js/max';
import metadata from 'libphonenumber-js/max/metadata';
import type { PhoneFormat } from '@/lib/phone/phone-grouping';

/** The part of the library's numbering plan read here (there at run time, left out of its types). */
interface Plan {
  formats(): { pattern(): string; internationalFormat(): string; leadingDigitsPatterns(): string[] }[];
}
const plans = new Metadata(metadata);

/**
 * How libphonenumber-js groups a country's numbers written internationally: its formats in order,
 * each the pattern of a whole national number, the international format and the leading-digits
 * patterns (a country with none of its own gets its calling code's main country's, as the
 * library does). Undefined for an unknown country. The phone field fetches these for the country
 * of the number being typed (docs/decisions/019).
 */
export function phoneFormatsOf(country: string): PhoneFormat[] | undefined {
  if (!/^[A-Z]{2}$/.test(country) || !isSupportedCountry(country)) return undefined;
  plans.selectNumberingPlan(country as CountryCode);
  return (plans.numberingPlan as unknown as Plan).formats().map((format) => [format.pattern(), format.internationalFormat(), format.leadingDigitsPatterns()]);
}

/** `GET /api/phone/formats/{country}`: `{ result: formats }`, cached a day (they change with the library only). */
export function phoneFormatsRoute(country: string): Response {
  const formats = phoneFormatsOf(country);
  if (!formats) return Response.json({ errors: ['unknown country'], errorsFld: {} }, { status: 404, headers: { 'Cache-Control': 'public, max-age=86400' } });
  return Response.json({ result: formats }, { headers: { 'Cache-Control': 'public, max-age=86400' } });
}
