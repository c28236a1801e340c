'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { lateOptions } from '@/enhancer/dialog-protocol.mjs';
import { useCountryOptions } from './countries';
import { DialogShell, SentConfirmation } from './dialog-shell';
import { ContactFields } from './contact-fields';
import { FormFooter, Honeypot, RadioField, SelectField, TextAreaField } from './form-fields';
import { feedbackSchema } from './form-schemas';
import { formValues, useFormSubmit } from './use-form-submit';
import { useVisitorCountryChoice } from './use-visitor-country-choice';

const FORM = 'feedback';

/** Feedback to sales or technical support (closed → open → sending → sent). */
export function FeedbackDialog() {
  const t = useTranslations('Feedback');
  const td = useTranslations('Dialogs');
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit('api/telega/send', feedbackSchema, { lead: true, metrica: true });
  const [sent, setSent] = useState(false);
  const countries = useCountryOptions();

  useVisitorCountryChoice(formRef);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const result = await submit({ ...values, t: 'feedback' });
    if (result?.ok) setSent(true);
  }

  return (
    <DialogShell name="feedback" title={t('title')} description={sent ? undefined : t('note')}>
      {sent ? (
        <SentConfirmation title={t('sentTitle')} text={t('sentText')} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="relative flex flex-col gap-4" aria-label={t('title')}>
          <Honeypot form={FORM} />
          <SelectField form={FORM} name="country_name" label={t('country')} options={countries} placeholder={td('chooseCountry')} required error={errors.country_name} autoComplete="country-name" {...lateOptions} />
          <RadioField
            form={FORM}
            name="department"
            legend={t('department')}
            required
            error={errors.department}
            options={[
              { value: 'seller', label: t('seller') },
              { value: 'support', label: t('support') },
            ]}
          />
          <ContactFields form={FORM} labels={{ name: t('name'), phone: t('phone'), email: t('email') }} errors={errors} />
          <TextAreaField form={FORM} name="note" label={t('message')} required error={errors.note} />
          <FormFooter status={status} statusIsError={statusIsError} sending={sending} label={t('send')} consent={{ form: FORM, error: errors.consent }} />
        </form>
      )}
    </DialogShell>
  );
}
