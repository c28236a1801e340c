import { countryName, phoneCountries } from '@/lib/phone/phone-format';

/** Sorted country names for a country choice; the value sent is the localised name. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  return phoneCountries()
    .map((code) => countryName(code, locale))
    .sort((a, b) => a.localeCompare(b, locale))
    .map((name) => ({ value: name, label: name }));
}
