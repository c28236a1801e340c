'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import PhoneInput, { getCountryCallingCode, type Country } from 'react-phone-number-input';
import 'react-phone-number-input/style.css';
import { countryLabels } from './countries';
import { describedBy, fieldId, FieldFrame, inputClass } from './form-fields';
import { PhoneCountrySelect } from './phone-country-select';

interface Props {
  form: string;
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}

/** The country's ISO code in place of a flag: no images, nothing fetched from a CDN. */
function CountryCode({ country }: { country?: string }) {
  return <span className="text-xs leading-none font-bold text-brand-800">{country}</span>;
}

/** No country chosen yet: a small globe. */
function International() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="text-brand-800">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}

/** International phone input: country code chooser, formats as you type, accepts digits only. */
export function PhoneField({ form, name = 'phone', label, value, onChange, error, required }: Props) {
  const t = useTranslations('Dialogs');
  const locale = useLocale();
  const id = fieldId(form, name);
  const country = (locale === 'ru' ? 'RU' : undefined) as Country | undefined;

  // What the visitor typed before React took the field over becomes its value, formatted.
  useEffect(() => {
    const typed = (document.getElementById(id) as HTMLInputElement | null)?.value ?? '';
    const adopted = adoptTypedPhone(typed, country);
    if (adopted && adopted !== value) onChange(adopted);
    // Once, when React takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <PhoneInput
        id={id}
        name={name}
        international
        // ru starts at +7 (typed digits follow it); en starts international: the visitor types +…
        countryCallingCodeEditable={locale !== 'ru'}
        defaultCountry={country}
        labels={countryLabels(locale)}
        flagComponent={CountryCode}
        countrySelectComponent={PhoneCountrySelect}
        internationalIcon={International}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        autoComplete="tel"
        required={required}
        className="phone-field flex items-center gap-2"
        countrySelectProps={{ 'aria-label': t('phoneCountry') }}
        numberInputProps={{ className: inputClass }}
        {...describedBy(id, error)}
      />
    </FieldFrame>
  );
}

/**
 * The number typed into the plain field as the input's value (E.164 digits, maybe incomplete).
 * The field starts with the default country's code (`+7`); wherever the caret put what the visitor
 * typed around it, the rest follows that code. Without it, digits after a `+` stand as they are.
 * Nothing when no digit was typed beyond the starting code.
 */
export function adoptTypedPhone(typed: string, country?: Country): string {
  const prefix = country ? `+${getCountryCallingCode(country)}` : '';
  if (prefix && typed.includes(prefix)) {
    const national = typed.replace(prefix, '').replace(/\D/g, '');
    return national ? `${prefix}${national}` : '';
  }
  const digits = typed.replace(/\D/g, '');
  if (!digits) return '';
  return typed.trim().startsWith('+') || !prefix ? `+${digits}` : `${prefix}${digits}`;
}
