'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { OrderInputSchema } from '@/lib/leads/order';
import { DialogShell, SentConfirmation } from './dialog-shell';
import { FormFooter } from './form-fields';
import { OrderFields, orderValues } from './order-fields';
import { PhoneField } from './phone-field';
import { formValues, useFormSubmit } from './use-form-submit';

/**
 * The product pages' order modal: the same fields as the page's own form (`#order`, OrderFields),
 * sent with fetch to /{lang}/services/order-send so the visitor stays on the page. The comment box shows
 * for a client type other than 1 (CSS `.order-form`, as on the page's form).
 */
export function OrderDialog({ kind }: { kind: 'buy' | 'demo' }) {
  const t = useTranslations('OrderForm');
  const [sent, setSent] = useState(false);
  const locale = useLocale() === 'en' ? 'en' : 'ru';
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit(`${locale}/services/order-send`, OrderInputSchema, { lead: true });
  const title = kind === 'buy' ? t('titleBuy') : t('titleDemo');
  const form = `order-${kind}-modal`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await submit({ ...orderValues(formValues(event.currentTarget), kind === 'buy' ? 'btn_buy' : 'btn_demo'), lang: locale });
    if (result?.ok) setSent(true);
  }

  return (
    <DialogShell name={kind === 'buy' ? 'order-buy' : 'order-demo'} title={title}>
      {sent ? (
        <SentConfirmation title={title} text={t('sent')} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="order-form relative flex flex-col gap-4" aria-label={title}>
          <OrderFields form={form} errors={errors} phone={<PhoneField form={form} label={t('phone')} required error={errors.phone} />} />
          <FormFooter status={status} statusIsError={statusIsError} sending={sending} label={t('send')} consent={{ form, error: errors.consent }} />
        </form>
      )}
    </DialogShell>
  );
}
