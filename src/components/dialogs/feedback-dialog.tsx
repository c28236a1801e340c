'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { getMetricaClientId } from '@/lib/analytics';
import { FeedbackInputSchema } from '@/lib/validation/feedback';
import { countryOptions } from './countries';
import { DialogShell, SentConfirmation } from './dialog-shell';
import { ContactFields } from './contact-fields';
import { FormFooter, Honeypot, RadioField, SelectField, TextAreaField } from './form-fields';
import { formValues, useFormSubmit } from './use-form-submit';

const FORM = 'feedback';

/** Feedback to sales or technical support (closed → open → sending → sent). */
export function FeedbackDialog() {
  const t = useTranslations('Feedback');
  const td = useTranslations('Dialogs');
  const { submit, onChange, sending, errors, status, statusIsError, formRef, locale } = useFormSubmit('api/telega/send', FeedbackInputSchema);
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState(false);
  const countries = useMemo(() => countryOptions(locale), [locale]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const result = await submit({
      yandex_metrica_client_id: await getMetricaClientId(),
      t: 'feedback',
      name: values.name ?? '',
      phone,
      email: values.email ?? '',
      note: values.note ?? '',
      department: values.department ?? '',
      country_name: values.country_name ?? '',
    });
    if (result?.ok) setSent(true);
  }

  return (
    <DialogShell name="feedback" title={t('title')} description={sent ? undefined : t('note')}>
      {sent ? (
        <SentConfirmation title={t('sentTitle')} text={t('sentText')} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="relative flex flex-col gap-4" aria-label={t('title')}>
          <Honeypot form={FORM} />
          <SelectField form={FORM} name="country_name" label={t('country')} options={countries} placeholder={td('chooseCountry')} required error={errors.country_name} autoComplete="country-name" />
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
          <ContactFields form={FORM} labels={{ name: t('name'), phone: t('phone'), email: t('email') }} phone={phone} onPhoneChange={setPhone} errors={errors} />
          <TextAreaField form={FORM} name="note" label={t('message')} required error={errors.note} />
          <FormFooter status={status} statusIsError={statusIsError} sending={sending} label={t('send')} />
        </form>
      )}
    </DialogShell>
  );
}
