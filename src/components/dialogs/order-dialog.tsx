'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { OrderInputSchema } from '@/lib/leads/order';
import { DialogShell, SentConfirmation } from './dialog-shell';
import { ContactFields } from './contact-fields';
import { ClientTypeField } from './client-type-field';
import { FormFooter, Honeypot, TextAreaField } from './form-fields';
import { fillable } from '@/site/dialog-protocol.mjs';
import { productTitles, type ProductNames } from './product-names';
import { formValues, useFormSubmit } from './use-form-submit';

/**
 * The product pages' order modal: the same fields as the page's HTML form (`#order`), sent with
 * fetch to /{lang}/services/order-send so the visitor stays on the page. The comment box shows
 * for a client type other than 1 (CSS `.order-form`, as on the page's form). Its triggers (the
 * page's buttons, the sub-menu's «Купить») name the page's product: the hidden `product`, and the title.
 */
export function OrderDialog({ kind, products }: { kind: 'buy' | 'demo'; products: ProductNames }) {
  const t = useTranslations('OrderForm');
  const td = useTranslations('Dialogs');
  const [sent, setSent] = useState(false);
  const locale = useLocale() === 'en' ? 'en' : 'ru';
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit(`${locale}/services/order-send`, OrderInputSchema, { lead: true });
  const title = kind === 'buy' ? t('titleBuy') : t('titleDemo');
  const titles = productTitles(products, (product) => (kind === 'buy' ? t('titleBuyProduct', { product }) : t('titleDemoProduct', { product })));
  const name = kind === 'buy' ? 'order-buy' : 'order-demo';
  const form = `order-${kind}-modal`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const client = values.t_client ?? '';
    const result = await submit({
      ...values,
      // The comment is asked for only when the client type is not 1 (the box is hidden then).
      t_client_txt: client && client !== '1' ? values.t_client_txt : undefined,
      city: '-',
      btn_type: kind === 'buy' ? 'btn_buy' : 'btn_demo',
      lang: locale,
    });
    if (result?.ok) setSent(true);
  }

  return (
    <DialogShell name={name} title={title} productTitles={titles}>
      {sent ? (
        <SentConfirmation title={title} text={t('sent')} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="order-form relative flex flex-col gap-4" aria-labelledby={`${name}-dialog-title`}>
          <p className="text-sm text-muted">{td('requiredNote')}</p>
          <Honeypot form={form} />
          <input type="hidden" name="product" {...fillable} />
          <ContactFields form={form} labels={{ name: t('name'), phone: t('phone') }} errors={errors} />
          <ClientTypeField form={form} t={t} choices={['1', '2', '3']} error={errors.t_client} />
          <div className="order-comment">
            <TextAreaField form={form} name="t_client_txt" label={t('comment')} error={errors.t_client_txt} />
          </div>
          <FormFooter status={status} statusIsError={statusIsError} sending={sending} label={t('send')} consent={{ form, error: errors.consent }} />
        </form>
      )}
    </DialogShell>
  );
}
