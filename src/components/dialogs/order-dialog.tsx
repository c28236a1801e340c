'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { OrderInputSchema } from '@/lib/validation/order';
import { DialogShell, SentConfirmation } from './dialog-shell';
import { ContactFields } from './contact-fields';
import { FormFooter, Honeypot, RadioField, TextAreaField } from './form-fields';
import { formValues, useFormSubmit } from './use-form-submit';

const FORM = 'order-modal';

/**
 * The product pages' order modal: the same fields as the page's HTML form (`#order`), sent with
 * fetch to /{lang}/services/order-send so the visitor stays on the page.
 */
export function OrderDialog({ kind, onClose }: { kind: 'buy' | 'demo'; onClose: () => void }) {
  const t = useTranslations('OrderForm');
  const td = useTranslations('Dialogs');
  const [client, setClient] = useState('');
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState(false);
  const locale = useLocale() === 'en' ? 'en' : 'ru';
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit(`${locale}/services/order-send`, OrderInputSchema);
  const title = kind === 'buy' ? t('titleBuy') : t('titleDemo');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const result = await submit({
      name: values.name ?? '',
      phone,
      t_client: client,
      t_client_txt: client && client !== '1' ? values.t_client_txt || undefined : undefined,
      city: '-',
      btn_type: kind === 'buy' ? 'btn_buy' : 'btn_demo',
      lang: locale,
      url: `${window.location.pathname}${window.location.search}`,
    });
    if (result?.ok) setSent(true);
  }

  return (
    <DialogShell title={title} onClose={onClose}>
      {sent ? (
        <SentConfirmation title={title} text={t('sent')} onClose={onClose} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="relative flex flex-col gap-4" aria-label={title}>
          <p className="text-sm text-muted">{td('requiredNote')}</p>
          <Honeypot form={FORM} />
          <input type="hidden" name="city" value="-" />
          <ContactFields form={FORM} labels={{ name: t('name'), phone: t('phone') }} phone={phone} onPhoneChange={setPhone} errors={errors} />
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
              { value: '2', label: t('client2') },
              { value: '3', label: t('client3') },
            ]}
          />
          {client && client !== '1' ? <TextAreaField form={FORM} name="t_client_txt" label={t('comment')} error={errors.t_client_txt} /> : null}
          <FormFooter status={status} statusIsError={statusIsError} sending={sending} label={t('send')} />
        </form>
      )}
    </DialogShell>
  );
}
