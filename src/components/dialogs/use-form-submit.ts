'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ZodMiniType as ZodType } from 'zod/mini';
import { showSnackbar } from '@/components/snackbar/snackbar-store';
import { useApiClient, type ApiResult, type FieldErrors } from '@/components/api/api-client';
import type { MessageKey } from '@/i18n/message-keys';
import { getMetricaClientId } from '@/lib/analytics';
import { withPhoneInE164 } from '@/lib/phone/phone-typing';
import { HONEYPOT_FIELD } from '@/lib/validation/form-names';
import { markReady, releaseSend } from '@/enhancer/dialog-protocol.mjs';
import type { SchemaLoader } from './form-schemas';
import { SendKey } from './send-key';
import { visitAttribution } from './visit-attribution';
import { askVisitorCountry } from './visitor-country';

/** A phone number written without `+` and sent without the country it was read in. */
const unread = (fields: Record<string, unknown>) =>
  typeof fields.phone === 'string' && /\d/.test(fields.phone) && !fields.phone.includes('+') && !fields.phone_country;

/** The schemas loaded so far (each once a page, at its form's first send). */
const loaded = new Map<SchemaLoader, ZodType>();

/**
 * A form's send cycle: check with the shared schema, post through the API client, show field
 * errors under fields and the form-level message in the live region. A second send while one is
 * in progress is ignored; the button always comes back after a failure. A form's submit handler
 * calls `submit` before any await of its own: the sending state is then React's in the submit
 * event's own task, which is also the task that hands a held send over (no frame nor tap between
 * the enhancer's busy button and React's). The one exception: a national number sent before the
 * visitor's country came (an English page) waits for that answer first, showing that it is
 * sending meanwhile (docs/decisions/019). A send the network lost keeps every field, says so in
 * the form and goes again (with the same idempotency key) when asked or when the connection comes
 * back (docs/decisions/036). The schema (and zod with it) loads at the form's first send, the
 * button busy meanwhile; a load the network lost is that same lost send (docs/decisions/011).
 */
export function useFormSubmit<T>(path: string, schema: SchemaLoader, { lead = false, metrica = false }: { lead?: boolean; metrica?: boolean } = {}) {
  const api = useApiClient();
  const tv = useTranslations('Validation');
  const td = useTranslations('Dialogs');
  const ta = useTranslations('ApiClient');
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState('');
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sendKey = useRef(new SendKey());
  // The last send failed for want of a connection: it goes again when the connection comes back.
  const [offline, setOffline] = useState(false);

  // React takes the form over where the visitor left it (docs/decisions/051): after the first
  // commit (so children have adopted what was typed), mark it ready, and send once what the
  // enhancer held if the visitor pressed send before React was there (src/enhancer/dialog-protocol.mjs).
  const [takenOver, setTakenOver] = useState(false);
  // A second render on purpose: the held send must see the state children adopted in their effects.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setTakenOver(true), []);
  useEffect(() => {
    const form = formRef.current;
    if (!takenOver || !form) return;
    markReady(form);
    if (releaseSend(form)) form.requestSubmit();
  }, [takenOver]);

  // Take the keyboard to the first field in error, once per refused send: not when editing a field
  // takes its error away (the keys typed next would land in the next field in error).
  const focusError = useRef(false);
  useEffect(() => {
    if (!focusError.current || !Object.keys(errors).length) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]')?.focus();
  }, [errors]);

  // Sent again, with the same key, as the connection comes back, if the form is still on screen
  // (a closed dialog keeps what was typed for a send the visitor asks for).
  useEffect(() => {
    if (!offline) return;
    const retry = () => {
      setOffline(false);
      const form = formRef.current;
      if (form?.isConnected && form.closest('dialog')?.open !== false) form.requestSubmit();
    };
    addEventListener('online', retry, { once: true });
    return () => removeEventListener('online', retry);
  }, [offline]);

  // A schema's issue is a `Validation` key; the server's field errors come already in words.
  const translate = useCallback(
    (text: string) => {
      const key = text as MessageKey<'Validation'>;
      return tv.has(key) ? tv(key) : text;
    },
    [tv],
  );

  const submit = useCallback(
    async (fields: Record<string, unknown>, beforeSend?: () => void): Promise<ApiResult<T> | null> => {
      if (busy.current) return null;
      let check = loaded.get(schema);
      if (!check) {
        busy.current = true;
        setSending(true);
        try {
          check = await schema();
          loaded.set(schema, check);
        } catch {
          // No connection: the send is lost as a post would be; it goes again when the connection is back.
          setOffline(true);
          setStatus(td('networkRetry'));
          showSnackbar({ error: ta('network') });
          return null;
        } finally {
          busy.current = false;
          setSending(false);
        }
      }
      // A national number sent before the field knew a country to read it in (an English page
      // whose visitor's country was still being asked) waits for that answer, showing that it is
      // sending (the press was taken); a second press meanwhile does nothing.
      let visitor: string | undefined;
      if (api.locale !== 'ru' && unread(fields)) {
        busy.current = true;
        setSending(true);
        setStatus(td('sending'));
        try {
          visitor = await askVisitorCountry();
        } finally {
          busy.current = false;
          setSending(false);
        }
      }
      // A lead (`lead`) carries its page and the visit's campaign (what the form itself holds wins); the
      // phone as the field shows it (national or international) and its country → E.164, a national
      // number without a country read in the visitor's, else the page language's (ru: Russia).
      const values = withPhoneInE164(lead ? { ...visitAttribution(), ...fields } : fields, api.locale === 'ru' ? 'RU' : visitor);
      const parsed = check.safeParse(values);
      if (!parsed.success) {
        const found: FieldErrors = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          if (field && !found[field]) found[field] = translate(issue.message);
        }
        focusError.current = true;
        setErrors(found);
        setStatus(td('fixErrors'));
        return null;
      }
      busy.current = true;
      beforeSend?.();
      setSending(true);
      setErrors({});
      setStatus(td('sending'));
      try {
        const honeypot = formRef.current?.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)?.value ?? '';
        // The forms that send the visitor's Metrica id (`metrica`: the buy/demo and feedback
        // dialogs, as the specification has them) ask for it once they show that they are sending.
        const id = metrica ? { yandex_metrica_client_id: await getMetricaClientId() } : {};
        // The fields as the form has them (the specification's names and values); the server
        // parses them with the same schema.
        // One key per send (what the visitor sent), kept by every retry of it until the server
        // has answered; the form confirms a success itself, the snackbar does not repeat it.
        const result = await api.post<T>(path, { ...values, ...id, [HONEYPOT_FIELD]: honeypot }, { key: sendKey.current.for(values), confirmsItself: true });
        const unanswered = result.status === 0 || result.status >= 500;
        if (!unanswered) sendKey.current.answered();
        setOffline(result.status === 0);
        if (result.ok) setStatus('');
        else if (result.status === 0) setStatus(td('networkRetry'));
        else {
          focusError.current = true;
          setErrors(Object.fromEntries(Object.entries(result.errorsFld).map(([field, message]) => [field, translate(message)])));
          setStatus(result.message || td('fixErrors'));
        }
        return result;
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [api, path, schema, td, ta, translate, lead, metrica],
  );

  /** Editing a field takes its error away (the form's onChange; events bubble from every field). */
  const onChange = useCallback((event: React.FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) setErrors((current) => (current[name] ? Object.fromEntries(Object.entries(current).filter(([field]) => field !== name)) : current));
  }, []);

  return { submit, onChange, sending, errors, status, statusIsError: !sending, formRef, locale: api.locale };
}

/** The text fields of a form element as a plain object. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}
