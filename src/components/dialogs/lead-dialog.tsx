'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { getMetricaClientId, reachGoal } from '@/lib/analytics';
import { LeadInputSchema } from '@/lib/validation/lead';
import { DialogShell, SentConfirmation } from './dialog-shell';
import { ContactFields } from './contact-fields';
import { FormFooter, Honeypot, RadioField, TextAreaField } from './form-fields';
import { formValues, useFormSubmit } from './use-form-submit';

const FORM = 'lead';

/** Buy or order a demo (index and default layout): posts to /api/telega/send-mail. */
export function LeadDialog({ kind, onClose }: { kind: 'buy' | 'demo'; onClose: () => void }) {
  const t = useTranslations('LeadDialog');
  const { submit, onChange, sending, errors, status, statusIsError, formRef, locale } = useFormSubmit('api/telega/send-mail', LeadInputSchema);
  const [phone, setPhone] = useState('');
  const [client, setClient] = useState<string>('');
  const [sent, setSent] = useState(false);
  const type = kind === 'buy' ? 'btn_buy' : 'btn_demo';
  const notBusiness = client !== '' && client !== '1';

  useEffect(() => reachGoal(type), [type]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (notBusiness) return;
    const values = formValues(event.currentTarget);
    const result = await submit({
      flag_check_not_business: notBusiness,
      t: type,
      lang: locale,
      name: values.name ?? '',
      phone,
      email: values.email ?? '',
      t_client: client ? Number(client) : undefined,
      t_client_txt: values.t_client_txt || undefined,
      yandex_metrica_client_id: await getMetricaClientId(),
    });
    if (!result) return;
    if (result.ok) {
      reachGoal(kind === 'buy' ? 'form_buy' : 'form_demo');
      setSent(true);
    } else reachGoal('form_error');
  }

  return (
    <DialogShell
      title={kind === 'buy' ? t('titleBuy') : t('titleDemo')}
      description={
        <>
          {t('legalOnly')}
          {kind === 'demo' ? ` ${t('demoNote')}` : null}
        </>
      }
      onClose={onClose}
    >
      {sent ? (
        <SentConfirmation title={t('sentTitle')} text={t('sentText')} onClose={onClose} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="relative flex flex-col gap-4" aria-label={kind === 'buy' ? t('titleBuy') : t('titleDemo')}>
          <Honeypot form={FORM} />
          <input type="hidden" name="flag_check_not_business" value={String(notBusiness)} />
          <ContactFields form={FORM} labels={{ name: t('name'), phone: t('phone'), email: t('email') }} phone={phone} onPhoneChange={setPhone} errors={errors} />
          <RadioField
            form={FORM}
            name="t_client"
            legend={t('clientType')}
            required
            value={client}
            onValueChange={setClient}
            error={errors.t_client}
            options={[
              { value: '1', label: t('client1') },
              { value: '3', label: t('client3') },
            ]}
          />
          {notBusiness ? (
            <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 font-semibold text-amber-900 ring-1 ring-amber-200">
              {t('notBusiness')}
            </p>
          ) : null}
          <TextAreaField form={FORM} name="t_client_txt" label={t('comment')} error={errors.t_client_txt} />
          <FormFooter status={status} statusIsError={statusIsError} sending={sending} label={t('send')} canSubmit={!notBusiness} />
        </form>
      )}
    </DialogShell>
  );
}
