import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState, type RefObject } from 'react';
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
function useCountryOptions(): { value: string; label: string }[] {
  const { all } = useCountryNames();
  return useMemo(() => all().map(({ name }) => ({ value: name, label: name })), [all]);
}

/**
 * The country choice's options once the form is on screen, none before (the choice's placeholder
 * only): a dialog's 248 options are styled in the very frame that opens it, which made the
 * feedback dialog's first tap some 30 ms slower on the phone profile (docs/decisions/028). An
 * IntersectionObserver tells when the form is shown (its dialog opened, its auth view chosen, or
 * scrolled near); its answer comes as a task after that frame, so the options follow the frame
 * that showed the form instead of delaying it. Autofill fills a shown form, which has them by then.
 */
export function useCountryOptionsOnceShown(formRef: RefObject<HTMLFormElement | null>): { value: string; label: string }[] {
  const options = useCountryOptions();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form || shown) return;
    const watch = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    }, { rootMargin: '200px' });
    watch.observe(form);
    return () => watch.disconnect();
  }, [formRef, shown]);
  return shown ? options : NO_OPTIONS;
}

const NO_OPTIONS: { value: string; label: string }[] = [];
