'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '@/site/locales.mjs';
import { OrderInputSchema } from '@/lib/leads/order';
import type { OrderDraft } from '@/lib/leads/order-page-form';
import { PHONE_PATTERN } from '@/lib/phone/phone-pattern';
import { ClientTypeField } from '@/components/dialogs/client-type-field';
import { ConsentField } from '@/components/dialogs/consent-field';
import { FormStatus, Honeypot, TextAreaField, TextField } from '@/components/dialogs/form-fields';
import { formValues, useFormSubmit } from '@/components/dialogs/use-form-submit';
import { OrderResult } from './order-result';

const FORM = 'order';

interface Props {
  locale: Locale;
  /** The hidden fields: the page to return to, the language, what a tool found, the phone's country. */
  hidden: Record<string, string>;
  /** What the request will carry from the page's tool, in words. */
  carried: string[];
  /** The phone's example, for the visitor's country as the page knows it. */
  phoneExample: string;
  /** The outcome of a post without scripts, when the page was rendered for it. */
  result?: 'sent' | 'invalid';
  /** What a refused post without scripts had typed, and each field's error. */
  draft?: OrderDraft;
}

/**
 * The order form of a product page. Without scripts a plain HTML form post (the browser's own
 * checks, `pattern` among them; the server answers 303 back to `#order`, with what was typed and
 * the fields' errors when it refused). With scripts it sends in place as the order modal does
 * (useFormSubmit, the API client): errors by their fields, and once sent the confirmation takes
 * the form's place and the focus, so it is on screen where the visitor pressed send.
 */
export function OrderForm({ locale, hidden, carried, phoneExample, result, draft }: Props) {
  const t = useTranslations('OrderForm');
  const td = useTranslations('Dialogs');
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit(`${locale}/services/order-send`, OrderInputSchema, { lead: true });
  const [sent, setSent] = useState(false);
  /** The errors of the refused post the page was rendered with, until their fields are edited or the form is sent. */
  const [kept, setKept] = useState(draft?.errors ?? {});
  const shown: Partial<Record<string, string>> = { ...kept, ...errors };
  const typed = draft?.values ?? {};
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
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const values = formValues(event.currentTarget);
    const client = values.t_client ?? '';
    setKept({});
    const answer = await submit({
      ...values,
      // The comment is asked for only when the client type is not 1 (the box is hidden then).
      t_client_txt: client && client !== '1' ? values.t_client_txt : undefined,
      btn_type: submitter instanceof HTMLButtonElement && submitter.name === 'btn_type' ? submitter.value : 'btn_buy',
    });
    if (answer?.ok) setSent(true);
  }

  function onEdit(event: React.FormEvent<HTMLFormElement>) {
    onChange(event);
    const name = (event.target as HTMLInputElement).name;
    if (name && kept[name]) setKept((current) => Object.fromEntries(Object.entries(current).filter(([each]) => each !== name)));
  }

  return (
    <>
      <OrderResult ref={confirmation} sent={t('sent')} invalid={t('invalid')} result={sent ? 'sent' : result} />
      {sent ? null : (
        <form ref={formRef} method="post" action={`/${locale}/services/order-send`} onSubmit={onSubmit} onChange={onEdit} className="order-form relative mt-6 flex flex-col gap-4">
          <Honeypot form={FORM} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {carried.map((text) => (
            <p key={text} className="rounded-lg bg-white px-3 py-2 font-medium text-brand-900 ring-1 ring-brand-100">
              {text}
            </p>
          ))}
          <p className="text-sm text-muted">{td('requiredNote')}</p>
          <TextField form={FORM} name="name" label={t('name')} required maxLength={200} autoComplete="name" defaultValue={typed.name} error={shown.name} />
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
            defaultValue={typed.phone}
            error={shown.phone}
          />
          <ClientTypeField form={FORM} t={t} choices={['1', '2', '3']} error={shown.t_client} defaultValue={typed.t_client} />
          {/* Shown only when a type other than 1 is chosen: CSS, so it works without scripts. */}
          <div className="order-comment">
            <TextAreaField form={FORM} name="t_client_txt" label={t('comment')} maxLength={2000} defaultValue={typed.t_client_txt} error={shown.t_client_txt} />
          </div>
          <ConsentField
            id={`${FORM}-consent`}
            locale={locale}
            labels={{ consent: td('consent'), link: td('consentLink'), newTab: td('consentNewTab') }}
            error={shown.consent}
            defaultChecked={Boolean(typed.consent)}
          />
          <FormStatus message={status} error={statusIsError} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="btn_type" value="btn_buy" className="btn-primary" disabled={sending} aria-busy={sending || undefined}>
              {t('sendBuy')}
            </button>
            <button type="submit" name="btn_type" value="btn_demo" className="btn-secondary" disabled={sending} aria-busy={sending || undefined}>
              {t('sendDemo')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
