import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { isCountry, phoneCountries } from '@/lib/phone/phone-format';

/**
 * Country names in the page's language, from the `Countries` messages the server made
 * (src/i18n/compiled-messages.ts): `nameOf` one country, `all` of them sorted by name (made once,
 * on first use).
 */
export function useCountryNames() {
  const t = useTranslations('Countries');
  const locale = useLocale();
  return useMemo(() => {
    const nameOf = (code: string) => (isCountry(code) ? t(code) : code);
    let sorted: { code: string; name: string }[] | undefined;
    const all = () => (sorted ??= phoneCountries()
      .map((code) => ({ code, name: nameOf(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale)));
    return { nameOf, all };
  }, [t, locale]);
}

/** Sorted country names for a country choice; the value sent is the localised name. */
export function useCountryOptions(): { value: string; label: string }[] {
  const { all } = useCountryNames();
  return useMemo(() => all().map(({ name }) => ({ value: name, label: name })), [all]);
}
