'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { orderSchema } from './form-schemas';
import { DialogShell, SentConfirmation } from './dialog-shell';
import { FormFooter } from './form-fields';
import { OrderFields, orderValues } from './order-fields';
import { PhoneField } from './phone-field';
import { fillable } from '@/enhancer/dialog-protocol.mjs';
import { productTitles, type ProductNames } from './product-names';
import { formValues, useFormSubmit } from './use-form-submit';

/**
 * The product pages' order modal: the same fields as the page's own form (`#order`, OrderFields),
 * sent with fetch to /{lang}/services/order-send so the visitor stays on the page. The comment box shows
 * for a client type other than 1 (CSS `.order-form`, as on the page's form). Its triggers (the
 * page's buttons, the sub-menu's «Купить») name the page's product: the hidden `product`, and the title.
 */
export function OrderDialog({ kind, products }: { kind: 'buy' | 'demo'; products: ProductNames }) {
  const t = useTranslations('OrderForm');
  const [sent, setSent] = useState(false);
  const locale = useLocale() === 'en' ? 'en' : 'ru';
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit(`${locale}/services/order-send`, orderSchema, { lead: true });
  const title = kind === 'buy' ? t('titleBuy') : t('titleDemo');
  const titles = productTitles(products, (product) => (kind === 'buy' ? t('titleBuyProduct', { product }) : t('titleDemoProduct', { product })));
  const name = kind === 'buy' ? 'order-buy' : 'order-demo';
  const form = `order-${kind}-modal`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await submit({ ...orderValues(formValues(event.currentTarget), kind === 'buy' ? 'btn_buy' : 'btn_demo'), lang: locale });
    if (result?.ok) setSent(true);
  }

  return (
    <DialogShell name={name} title={title} productTitles={titles}>
      {sent ? (
        <SentConfirmation title={title} text={t('sent')} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="order-form relative flex flex-col gap-4" aria-labelledby={`${name}-dialog-title`}>
          <input type="hidden" name="product" {...fillable} />
          <OrderFields form={form} errors={errors} phone={<PhoneField form={form} label={t('phone')} required error={errors.phone} />} />
          <FormFooter status={status} statusIsError={statusIsError} sending={sending} label={t('send')} consent={{ form, error: errors.consent }} />
        </form>
      )}
    </DialogShell>
  );
}
