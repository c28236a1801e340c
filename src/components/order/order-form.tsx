'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Locale } from '@/site/locales.mjs';
import type { OrderDraft } from '@/lib/leads/order-page-form';
import { PHONE_PATTERN } from '@/lib/phone/phone-pattern';
import { orderSchema } from '@/components/dialogs/form-schemas';
import { ConsentField } from '@/components/dialogs/consent-field';
import { FormStatus, TextField } from '@/components/dialogs/form-fields';
import { OrderFields, orderValues } from '@/components/dialogs/order-fields';
import { formValues, useFormSubmit } from '@/components/dialogs/use-form-submit';
import { OrderResult } from './order-result';

const FORM = 'order';

interface Props {
  locale: Locale;
  /** The phone's example, for the visitor's country as the page knows it. */
  phoneExample: string;
  /** The outcome of a post without scripts, when the page was rendered for it. */
  result?: 'sent' | 'invalid';
  /** What a refused post without scripts had typed, and each field's error. */
  draft?: OrderDraft;
  /** The form's hidden fields and what it carries from the page's tool, rendered by the server. */
  children: ReactNode;
}

/**
 * The order form of a product page. Without scripts a plain HTML form post (the browser's own
 * checks, `pattern` among them; the server answers 303 back to `#order`, with what was typed and
 * the fields' errors when it refused). With scripts it sends in place as the order modal does
 * (useFormSubmit, the API client): errors by their fields, and once sent the confirmation takes
 * the form's place and the focus, so it is on screen where the visitor pressed send.
 */
export function OrderForm({ locale, phoneExample, result, draft, children }: Props) {
  const t = useTranslations('OrderForm');
  const td = useTranslations('Dialogs');
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit(`${locale}/services/order-send`, orderSchema, { lead: true });
  const [sent, setSent] = useState(false);
  /** The refused post's errors the page was rendered with, each until its field is edited or the form sent. */
  const [kept, setKept] = useState(draft?.errors);
  const shown = { ...kept, ...errors };
  const typed = draft?.values;
  const confirmation = useRef<HTMLParagraphElement>(null);

  // With scripts the fields' errors are ours, by each field (the browser's bubbles are for a page without them).
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, [formRef]);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    setKept(undefined);
    const answer = await submit(orderValues(formValues(event.currentTarget), button?.value || 'btn_buy'));
    if (answer?.ok) setSent(true);
  }

  const send = (value: string, look: string, label: string) => (
    <button type="submit" name="btn_type" value={value} className={look} disabled={sending} aria-busy={sending || undefined}>
      {label}
    </button>
  );

  return (
    <>
      <OrderResult ref={confirmation} sent={t('sent')} invalid={t('invalid')} result={sent ? 'sent' : result} />
      {sent ? null : (
        <form
          ref={formRef}
          method="post"
          action={`/${locale}/services/order-send`}
          onSubmit={onSubmit}
          onChange={(event) => {
            onChange(event);
            const { name } = event.target as unknown as HTMLInputElement;
            setKept((current) => current && { ...current, [name]: undefined });
          }}
          className="order-form relative mt-6 flex flex-col gap-4"
        >
          {children}
          <OrderFields
            form={FORM}
            errors={shown}
            typed={typed}
            phone={
              <TextField
                form={FORM}
                name="phone"
                type="tel"
                label={t('phone')}
                required
                maxLength={40}
                autoComplete="tel"
                inputMode="tel"
                pattern={PHONE_PATTERN}
                placeholder={phoneExample}
                defaultValue={typed?.phone}
                error={shown.phone}
              />
            }
          />
          <ConsentField
            id={`${FORM}-consent`}
            locale={locale}
            labels={{ consent: td('consent'), link: td('consentLink'), newTab: td('consentNewTab') }}
            error={shown.consent}
            defaultChecked={Boolean(typed?.consent)}
          />
          <FormStatus message={status} error={statusIsError} />
          <div className="flex flex-wrap gap-3">
            {send('btn_buy', 'btn-primary', t('sendBuy'))}
            {send('btn_demo', 'btn-secondary', t('sendDemo'))}
          </div>
        </form>
      )}
    </>
  );
}
