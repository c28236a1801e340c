// `npm run phone:countries`: writes src/lib/phone/countries.json, the phone field's data, from
// libphonenumber-js (which the server keeps for the exact check).
// Per country: calling code, an as-you-type template made from the country's example mobile
// number ("xxx xxx xx xx") and the possible national lengths. Country names are not stored: the
// server sends them with the messages (src/i18n/compiled-messages.ts, docs/decisions/016).
// The browser gets these few KB instead of the library's metadata (docs/decisions/010).
// A unit test (src/lib/phone/countries.test.ts) fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import metadata from 'libphonenumber-js/min/metadata';

export const OUTPUT = fileURLToPath(new URL('../src/lib/phone/countries.json', import.meta.url));

/** The template of a country's numbers after the calling code: digits become `x`. */
function template(country) {
  const example = getExampleNumber(country, examples);
  if (!example) return '';
  const code = `+${example.countryCallingCode} `;
  return example.formatInternational().slice(code.length).replace(/\d/g, 'x');
}

export function phoneCountries() {
  /** @type {Record<string, [string, string, number[]]>} */
  const countries = {};
  for (const country of getCountries()) {
    const lengths = metadata.countries[country]?.[3] ?? [];
    countries[country] = [getCountryCallingCode(country), template(country), lengths];
  }
  /** Calling code → its main country (the first libphonenumber lists for it), for the codes that several countries share. */
  const main = Object.fromEntries(
    Object.entries(metadata.country_calling_codes)
      .filter(([, list]) => list.length > 1)
      .map(([code, list]) => [code, list[0]]),
  );
  return { countries, main };
}

export const serialise = (data) => `${JSON.stringify(data)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, serialise(phoneCountries()));
  console.log(`Wrote ${OUTPUT}`);
}
