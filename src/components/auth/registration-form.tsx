'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { reachGoal } from '@/lib/analytics';
import { lateOptions } from '@/enhancer/dialog-protocol.mjs';
import { useCountryOptions } from '@/components/dialogs/countries';
import { FormConsent, FormStatus, Honeypot, SelectField, SubmitButton, TextField } from '@/components/dialogs/form-fields';
import { registrationSchema } from '@/components/dialogs/form-schemas';
import { PhoneField } from '@/components/dialogs/phone-field';
import { formValues, useFormSubmit } from '@/components/dialogs/use-form-submit';
import { useVisitorCountryChoice } from '@/components/dialogs/use-visitor-country-choice';
import { useTokenHandOff, type TokenResult } from './token-hand-off';

const FORM = 'registration';

/** Registration: the specification's fields, the visitor's country chosen; goals on send and on failure. */
export function RegistrationForm({ back }: { back: ReactNode }) {
  const t = useTranslations('AuthDialog');
  const td = useTranslations('Dialogs');
  const { submit, onChange, sending, errors, status, statusIsError, formRef, locale } = useFormSubmit<TokenResult>('api/auth/registration', registrationSchema, { lead: true });
  const countries = useCountryOptions();
  const handOff = useTokenHandOff();
  // A visitor in Russia finds Russia chosen.
  useVisitorCountryChoice(formRef);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await submit(formValues(event.currentTarget), () => reachGoal('auth_registration_send'));
    if (!result) return;
    if (result.ok) handOff(locale, result.result);
    else reachGoal('auth_registration_send_error');
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="relative flex flex-col gap-4">
      <p className="text-sm text-muted">{td('requiredNote')}</p>
      <Honeypot form={FORM} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={FORM} name="email" type="email" label={t('email')} autoComplete="email" required error={errors.email} />
        <PhoneField form={FORM} label={t('phone')} required error={errors.phone} />
        <TextField form={FORM} name="name_f" label={t('surname')} autoComplete="family-name" error={errors.name_f} />
        <TextField form={FORM} name="name_i" label={t('firstName')} autoComplete="given-name" required error={errors.name_i} />
        <div className="sm:col-span-2">
          <TextField form={FORM} name="firm_name" label={t('firm')} autoComplete="organization" required error={errors.firm_name} />
        </div>
        <SelectField form={FORM} name="country_name" label={t('country')} options={countries} placeholder={td('chooseCountry')} required error={errors.country_name} autoComplete="country-name" {...lateOptions} />
        <TextField form={FORM} name="city_name" label={t('city')} autoComplete="address-level2" required error={errors.city_name} />
        <TextField form={FORM} name="pw" type="password" label={t('password')} autoComplete="new-password" required error={errors.pw} />
        <TextField form={FORM} name="pw2" type="password" label={t('password2')} autoComplete="new-password" required error={errors.pw2} />
      </div>
      <FormConsent form={FORM} error={errors.consent} />
      <FormStatus message={status} error={statusIsError} />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <SubmitButton sending={sending}>{t('register')}</SubmitButton>
        <span className="text-muted">
          {t('haveAccount')}{' '}
          {back}
        </span>
      </div>
    </form>
  );
}
