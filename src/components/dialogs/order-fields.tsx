'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { OrderDraft } from '@/lib/leads/order-page-form';
import { ClientTypeField } from './client-type-field';
import { Honeypot, TextAreaField, TextField } from './form-fields';

/**
 * The fields of an order, shared by the order modal and the product page's own form (`#order`):
 * the required note, the honeypot, the name, the phone (each form its own: `phone`), who the
 * visitor is and, for a type other than 1, the comment (CSS `.order-form`). `typed`: the values
 * the page was rendered with (a refused post shown again).
 */
export function OrderFields({ form, errors, phone, typed = {} }: { form: string; errors: Partial<Record<string, string>>; phone: ReactNode; typed?: OrderDraft['values'] }) {
  const t = useTranslations('OrderForm');
  const td = useTranslations('Dialogs');
  return (
    <>
      <p className="text-sm text-muted">{td('requiredNote')}</p>
      <Honeypot form={form} />
      <TextField form={form} name="name" label={t('name')} required maxLength={200} autoComplete="name" defaultValue={typed.name} error={errors.name} />
      {phone}
      <ClientTypeField form={form} t={t} choices={['1', '2', '3']} error={errors.t_client} defaultValue={typed.t_client} />
      <div className="order-comment">
        <TextAreaField form={form} name="t_client_txt" label={t('comment')} maxLength={2000} defaultValue={typed.t_client_txt} error={errors.t_client_txt} />
      </div>
    </>
  );
}

/** An order's fields as sent: the comment only for a client type other than 1 (the box is hidden then). */
export function orderValues(values: Record<string, string>, button: string): Record<string, unknown> {
  const client = values.t_client ?? '';
  return { ...values, t_client_txt: client && client !== '1' ? values.t_client_txt : undefined, city: '-', btn_type: button };
}
