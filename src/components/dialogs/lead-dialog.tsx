'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { reachGoal } from '@/lib/analytics';
import { fillable } from '@/enhancer/dialog-protocol.mjs';
import { DialogShell, SentConfirmation } from './dialog-shell';
import { ContactFields } from './contact-fields';
import { ClientTypeField } from './client-type-field';
import { FormFooter, Honeypot, TextAreaField, TextField } from './form-fields';
import { leadSchema } from './form-schemas';
import { productTitles, type ProductNames } from './product-names';
import { formValues, useFormSubmit } from './use-form-submit';

/**
 * Buy or order a demo (index and default layout): posts to /api/telega/send-mail. A client type
 * other than 1 shows «Sorry, we don't sell spare parts.» and hides the send button (CSS, see
 * globals.css `.lead-form`), so nothing is sent for it. Opened from the VIN check or the TIS
 * calculator, its trigger fills in the VIN (shown, read-only), the TIS set (hidden) and a comment
 * (`data-fill`, src/enhancer/dialogs.mjs); fields without a value attribute, so React leaves them be.
 * A trigger that names a product (a tariff card, the TIS calculator, a plan the VIN check found)
 * fills in the hidden `product`, and the title names it.
 */
export function LeadDialog({ kind, products }: { kind: 'buy' | 'demo'; products: ProductNames }) {
  const t = useTranslations('LeadDialog');
  const { submit, onChange, sending, errors, status, statusIsError, formRef, locale } = useFormSubmit('api/telega/send-mail', leadSchema, { lead: true, metrica: true });
  const [sent, setSent] = useState(false);
  const type = kind === 'buy' ? 'btn_buy' : 'btn_demo';
  const title = kind === 'buy' ? t('titleBuy') : t('titleDemo');
  const titles = productTitles(products, (product) => (kind === 'buy' ? t('titleBuyProduct', { product }) : t('titleDemoProduct', { product })));
  const form = `lead-${kind}`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const client = values.t_client ?? '';
    const notBusiness = client !== '' && client !== '1';
    if (notBusiness) return;
    // The form's own fields as they stand (the schema reads them), and what the dialog knows.
    const result = await submit({ ...values, flag_check_not_business: notBusiness, t: type, lang: locale });
    if (!result) return;
    if (result.ok) {
      reachGoal(kind === 'buy' ? 'form_buy' : 'form_demo');
      setSent(true);
    } else reachGoal('form_error');
  }

  return (
    <DialogShell
      name={kind}
      openGoal={type}
      title={title}
      productTitles={titles}
      description={
        <>
          {t('legalOnly')}
          {kind === 'demo' ? ` ${t('demoNote')}` : null}
        </>
      }
    >
      {sent ? (
        <SentConfirmation title={t('sentTitle')} text={t('sentText')} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="lead-form relative flex flex-col gap-4" aria-labelledby={`${kind}-dialog-title`}>
          <Honeypot form={form} />
          <ContactFields form={form} labels={{ name: t('name'), phone: t('phone'), email: t('email') }} errors={errors} />
          <ClientTypeField form={form} t={t} choices={['1', '3']} error={errors.t_client} />
          <p role="alert" className="not-business-notice rounded-lg bg-amber-50 px-4 py-3 font-semibold text-amber-900 ring-1 ring-amber-200">
            {t('notBusiness')}
          </p>
          <div className="lead-vin">
            <TextField form={form} name="vin" label={t('vin')} readOnly placeholder=" " {...fillable} error={errors.vin} />
          </div>
          <input type="hidden" name="tis" {...fillable} />
          <input type="hidden" name="product" {...fillable} />
          <TextAreaField form={form} name="t_client_txt" label={t('comment')} error={errors.t_client_txt ?? errors.tis ?? errors.product} {...fillable} />
          <FormFooter status={status} statusIsError={statusIsError} sending={sending} label={t('send')} consent={{ form, error: errors.consent }} />
        </form>
      )}
    </DialogShell>
  );
}
