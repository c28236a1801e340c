'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ComponentProps, ReactNode } from 'react';
import { isLocale } from '@/site/locales.mjs';
import { HONEYPOT_FIELD } from '@/lib/validation/form-names';
import { ConsentField } from './consent-field';

export const inputClass =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink shadow-xs placeholder:text-slate-400 read-only:bg-slate-100 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-invalid:border-red-600';

export const fieldId = (form: string, name: string) => `${form}-${name}`;
const errorId = (id: string) => `${id}-error`;

/** Describes a field by its error (read out with the field, and announced when it appears). */
export function describedBy(id: string, error?: string) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {};
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} className="mt-1 text-sm whitespace-pre-line text-red-700">
      {error}
    </p>
  );
}

/** A field's label; the required mark sits beside it, outside the accessible name. */
function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="mb-1 flex gap-1 text-sm font-semibold text-ink">
      <label htmlFor={htmlFor}>{children}</label>
      {required ? (
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      ) : null}
    </div>
  );
}

/** A labelled control with its error below: the frame every field of the dialogs shares. */
export function FieldFrame({ id, label, required, error, children }: { id: string; label: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'name'> & { form: string; name: string; label: string; error?: string };

export function TextField({ form, name, label, error, required, ...rest }: InputProps) {
  const id = fieldId(form, name);
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <input id={id} name={name} required={required} className={inputClass} {...describedBy(id, error)} {...rest} />
    </FieldFrame>
  );
}

type TextAreaProps = Omit<ComponentProps<'textarea'>, 'id' | 'name'> & { form: string; name: string; label: string; error?: string };

export function TextAreaField({ form, name, label, error, required, ...rest }: TextAreaProps) {
  const id = fieldId(form, name);
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <textarea id={id} name={name} required={required} rows={3} className={inputClass} {...describedBy(id, error)} {...rest} />
    </FieldFrame>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'id' | 'name'> & {
  form: string;
  name: string;
  label: string;
  error?: string;
  placeholder?: string;
  options: { value: string; label: string }[];
};

export function SelectField({ form, name, label, error, required, options, placeholder, ...rest }: SelectProps) {
  const id = fieldId(form, name);
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <select id={id} name={name} required={required} className={inputClass} defaultValue="" {...describedBy(id, error)} {...rest}>
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type RadioProps = {
  form: string;
  name: string;
  legend: string;
  error?: string;
  required?: boolean;
  options: { value: string; label: string }[];
  /** The choice made when the page was rendered (a form shown again with what was sent). */
  defaultValue?: string;
};

/**
 * A group of native radio buttons (arrow keys move within it), uncontrolled: a choice made before
 * React runs stays, and forms read the choice when they send.
 */
export function RadioField({ form, name, legend, error, required, options, defaultValue }: RadioProps) {
  const id = fieldId(form, name);
  return (
    <fieldset role="radiogroup" aria-labelledby={`${id}-legend`} {...describedBy(id, error)} aria-required={required || undefined}>
      <legend id={`${id}-legend`} className="mb-1 text-sm font-semibold text-ink">
        {legend}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' *'}
          </span>
        ) : null}
      </legend>
      <div className="flex flex-col gap-1">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-brand-50">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue === undefined ? undefined : option.value === defaultValue}
              required={required}
              className="size-5 accent-brand-600"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** The honeypot: empty, out of sight and out of the tab order; people never fill it. */
export function Honeypot({ form }: { form: string }) {
  const t = useTranslations('Dialogs');
  const id = fieldId(form, HONEYPOT_FIELD);
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>{t('honeypot')}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** Form-level messages, read out politely. */
export function FormStatus({ message, error = true }: { message: string; error?: boolean }) {
  return (
    <p role="status" aria-live="polite" className={message ? `text-sm whitespace-pre-line ${error ? 'text-red-700' : 'text-muted'}` : 'sr-only'}>
      {message}
    </p>
  );
}

/** The consent to the processing of personal data of a form that collects it (src/components/dialogs/consent-field.tsx). */
export function FormConsent({ form, error }: { form: string; error?: string }) {
  const t = useTranslations('Dialogs');
  const locale = useLocale();
  return <ConsentField id={fieldId(form, 'consent')} locale={isLocale(locale) ? locale : 'ru'} labels={{ consent: t('consent'), link: t('consentLink'), newTab: t('consentNewTab') }} error={error} />;
}

/**
 * The end of a form: the consent checkbox (for a form that collects personal data), the live
 * status line, then the send button.
 */
export function FormFooter({ status, statusIsError, sending, label, consent }: { status: string; statusIsError: boolean; sending: boolean; label: string; consent?: { form: string; error?: string } }) {
  return (
    <>
      {consent ? <FormConsent form={consent.form} error={consent.error} /> : null}
      <FormStatus message={status} error={statusIsError} />
      <div>
        <SubmitButton sending={sending}>{label}</SubmitButton>
      </div>
    </>
  );
}

/**
 * The send button. Both labels are in the markup and `aria-busy` picks one (CSS), so the page's
 * enhancer can show the sending state before React runs.
 */
export function SubmitButton({ sending, children }: { sending: boolean; children: ReactNode }) {
  const t = useTranslations('Dialogs');
  return (
    <button type="submit" className="submit-button btn-primary w-full sm:w-auto" disabled={sending} aria-busy={sending || undefined}>
      <span className="when-busy inline-flex items-center gap-2">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/50 border-t-white" />
        {t('sending')}
      </span>
      <span className="when-idle">{children}</span>
    </button>
  );
}
