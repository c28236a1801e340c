'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { callingCode, countryOfNumber, splitCallingCode } from '@/lib/phone/phone-format';
import { adoptTypedPhone, backspaceOverSeparator, caretAfterDigits, readTyped, shownPhone } from '@/lib/phone/phone-typing';
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

/**
 * International phone input: a country code chooser, formatting as you type, digits only
 * (specification: "shows a country code, auto-formats, and accepts valid characters only").
 * The value is the number in E.164 (`+79161234567`); Russian pages start at +7.
 */
export function PhoneField({ form, name = 'phone', label, value, onChange, error, required }: Props) {
  const t = useTranslations('Dialogs');
  const locale = useLocale();
  const id = fieldId(form, name);
  const [country, setCountry] = useState<string | undefined>(locale === 'ru' ? 'RU' : undefined);
  const input = useRef<HTMLInputElement>(null);
  /** Digits before the caret after an edit, to put the caret back among the formatted text. */
  const caretDigits = useRef<number | null>(null);
  const shown = shownPhone(value, country);

  // What the visitor typed before React took the field over becomes its value, formatted.
  useEffect(() => {
    const adopted = adoptTypedPhone(input.current?.value ?? '', country);
    if (adopted && adopted !== value) onChange(adopted);
    // Once, when React takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const field = input.current;
    if (caretDigits.current === null || !field || document.activeElement !== field) return;
    const at = caretAfterDigits(shown, caretDigits.current);
    caretDigits.current = null;
    field.setSelectionRange(at, at);
  }, [shown]);

  const apply = (raw: string, caret: number) => {
    const typed = readTyped(raw, caret, country);
    caretDigits.current = typed.digitsBeforeCaret;
    const detected = typed.value ? countryOfNumber(typed.value, country) : undefined;
    if (detected && detected !== country) setCountry(detected);
    onChange(typed.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    if (event.key !== 'Backspace' || field.selectionStart !== field.selectionEnd) return;
    const edit = backspaceOverSeparator(field.value, field.selectionStart ?? 0);
    if (!edit) return;
    event.preventDefault();
    apply(edit.raw, edit.caret);
  };

  const chooseCountry = (next: string | undefined) => {
    setCountry(next);
    const national = splitCallingCode(value.replace(/\D/g, ''))?.national ?? '';
    if (next) onChange(national ? `+${callingCode(next)}${national}` : '');
    input.current?.focus();
  };

  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <div className="phone-field flex items-center gap-2">
        <PhoneCountrySelect country={country} label={t('phoneCountry')} internationalLabel={t('phoneInternational')} onChange={chooseCountry} />
        <input
          ref={input}
          id={id}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required={required}
          className={inputClass}
          value={shown}
          onChange={(event: ChangeEvent<HTMLInputElement>) => apply(event.target.value, event.target.selectionStart ?? event.target.value.length)}
          onKeyDown={onKeyDown}
          // The field starts with the country's code: typing goes after it, not before.
          onFocus={(event) => {
            const field = event.currentTarget;
            if (!value && field.selectionStart === 0 && field.selectionEnd === 0) field.setSelectionRange(field.value.length, field.value.length);
          }}
          {...describedBy(id, error)}
        />
      </div>
    </FieldFrame>
  );
}
