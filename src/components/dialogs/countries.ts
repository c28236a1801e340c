import { getCountries } from 'react-phone-number-input';
import en from 'react-phone-number-input/locale/en.json';
import ru from 'react-phone-number-input/locale/ru.json';

/** Country names in the page's language (the phone input's own lists). */
export function countryLabels(locale: string): Record<string, string> {
  return (locale === 'ru' ? ru : en) as Record<string, string>;
}

/** Sorted country names for a country choice; the value sent is the localised name. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const labels = countryLabels(locale);
  return getCountries()
    .map((code) => labels[code])
    .filter((name): name is string => Boolean(name))
    .sort((a, b) => a.localeCompare(b, locale))
    .map((name) => ({ value: name, label: name }));
}
