// `npm run phone:countries`: writes src/lib/phone/countries.json, the phone field's data, from
// libphonenumber-js (which the server keeps for the exact check).
// Per country: calling code, an as-you-type template made from the country's example mobile
// number ("xxx xxx xx xx"), the possible national lengths and, where the country dials one, the
// national (trunk) prefix ("8" in Russia, "0" in Germany), followed by "?" when a national number
// may itself begin with those digits (Russia's 8xx, Italy's 0…: there the length decides, see
// src/lib/phone/phone-format.ts; docs/decisions/019). Country names are not stored: the
// server sends them with the messages (src/i18n/compiled-messages.ts, docs/decisions/016).
// The browser gets these few KB instead of the library's metadata (docs/decisions/011).
// A unit test (src/lib/phone/countries.test.ts) fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
/** @import { CountryCode, NumberingPlan } from 'libphonenumber-js/core' */
import { Metadata } from 'libphonenumber-js/core';
import { getCountries, getCountryCallingCode, getExampleNumber } from 'libphonenumber-js/max';
import full from 'libphonenumber-js/max/metadata';
import examples from 'libphonenumber-js/mobile/examples';
import metadata from 'libphonenumber-js/min/metadata';

export const OUTPUT = fileURLToPath(new URL('../src/lib/phone/countries.json', import.meta.url));

/** The template of a country's numbers after the calling code: digits become `x`. @param {CountryCode} country */
function template(country) {
  const example = getExampleNumber(country, examples);
  if (!example) return '';
  const code = `+${example.countryCallingCode} `;
  return example.formatInternational().slice(code.length).replace(/\d/g, 'x');
}

/**
 * Whether some national number of the plan (its full pattern) begins with `prefix`: tried on
 * every two digits after the prefix, each followed by one digit repeated to each possible length.
 * Deterministic, and enough for the plans' patterns, which branch on the first few digits.
 * @param {string} pattern @param {number[]} lengths @param {string} prefix
 */
function mayBeginWith(pattern, lengths, prefix) {
  const whole = new RegExp(`^(?:${pattern})$`);
  for (const length of lengths) {
    for (let next = 0; next < 100; next++) {
      const head = `${prefix}${String(next).padStart(2, '0')}`.slice(0, length);
      for (let fill = 0; fill < 10; fill++) {
        if (whole.test(head.padEnd(length, String(fill)))) return true;
      }
    }
  }
  return false;
}

/**
 * The trunk prefix a country's national numbers are dialled with ('' when none), `?` added when a number may begin with it.
 * @param {Metadata} plans @param {CountryCode} country
 */
function trunk(plans, country) {
  plans.selectNumberingPlan(country);
  // Selected just above; its nationalPrefix and nationalNumberPattern are left out of the library's types.
  const plan = /** @type {NumberingPlan & { nationalPrefix(): string | undefined; nationalNumberPattern(): string }} */ (plans.numberingPlan);
  const prefix = plan.nationalPrefix() ?? '';
  if (!/^\d+$/.test(prefix)) return '';
  return mayBeginWith(plan.nationalNumberPattern(), plan.possibleLengths(), prefix) ? `${prefix}?` : prefix;
}

export function phoneCountries() {
  /** @type {Record<string, [string, string, number[]] | [string, string, number[], string]>} */
  const countries = {};
  const plans = new Metadata(full);
  for (const country of getCountries()) {
    const lengths = metadata.countries[country]?.[3] ?? [];
    const prefix = trunk(plans, country);
    countries[country] = prefix ? [getCountryCallingCode(country), template(country), lengths, prefix] : [getCountryCallingCode(country), template(country), lengths];
  }
  /** Calling code → its main country (the first libphonenumber lists for it), for the codes that several countries share. */
  const main = Object.fromEntries(
    Object.entries(metadata.country_calling_codes)
      .filter(([, list]) => list.length > 1)
      .map(([code, list]) => [code, list[0]]),
  );
  return { countries, main };
}

/** @param {ReturnType<typeof phoneCountries>} data */
export const serialise = (data) => `${JSON.stringify(data)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, serialise(phoneCountries()));
  console.log(`Wrote ${OUTPUT}`);
}
