'use client';

import { useLocale, useTranslations } from 'next-intl';
import PhoneInput, { type Country } from 'react-phone-number-input';
import 'react-phone-number-input/style.css';
import { countryLabels } from './countries';
import { describedBy, fieldId, FieldError, inputClass, Label } from './form-fields';

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

/** International phone input: country code chooser, formats as you type, accepts digits only. */
export function PhoneField({ form, name = 'phone', label, value, onChange, error, required }: Props) {
  const t = useTranslations('Dialogs');
  const locale = useLocale();
  const id = fieldId(form, name);
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <PhoneInput
        id={id}
        name={name}
        international
        countryCallingCodeEditable={false}
        defaultCountry={(locale === 'ru' ? 'RU' : undefined) as Country | undefined}
        labels={countryLabels(locale)}
        flagComponent={CountryCode}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        autoComplete="tel"
        required={required}
        className="phone-field flex items-center gap-2"
        countrySelectProps={{ 'aria-label': t('phoneCountry') }}
        numberInputProps={{ className: inputClass }}
        {...describedBy(id, error)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
