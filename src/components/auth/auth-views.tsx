'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { reachGoal } from '@/lib/analytics';
import { LoginInputSchema, RemindInputSchema } from '@/lib/validation/auth';
import { FormStatus, Honeypot, SubmitButton, TextField } from '@/components/dialogs/form-fields';
import { formValues, useFormSubmit } from '@/components/dialogs/use-form-submit';
import { RegistrationForm } from './registration-form';
import { useTokenHandOff, type TokenResult } from './token-hand-off';

export type AuthView = 'login' | 'remind' | 'registration';

const linkClass = 'rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** Login, password reminder and registration, in a dialog or on the sign-in page. */
export function AuthViews({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const [view, setView] = useState<AuthView>('login');
  const Heading = headingLevel;
  const t = useTranslations('AuthDialog');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Moving between views takes focus to the new view's heading.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
    if (view === 'registration') reachGoal('auth_registration');
  }, [view]);

  const heading = { login: t('loginHeading'), remind: t('remindHeading'), registration: t('registrationHeading') }[view];
  return (
    <div>
      <Heading ref={headingRef} tabIndex={-1} className="mb-3 text-lg font-bold text-brand-900 focus:outline-none">
        {heading}
      </Heading>
      {view === 'login' ? <LoginForm onView={setView} /> : null}
      {view === 'remind' ? <RemindForm onView={setView} /> : null}
      {view === 'registration' ? <RegistrationForm onLogin={() => setView('login')} /> : null}
    </div>
  );
}

function LoginForm({ onView }: { onView: (view: AuthView) => void }) {
  const t = useTranslations('AuthDialog');
  const { submit, onChange, sending, errors, status, statusIsError, formRef, locale } = useFormSubmit<TokenResult>('api/auth/auth', LoginInputSchema);
  const handOff = useTokenHandOff();
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const result = await submit({ email: values.email ?? '', pw: values.pw ?? '' });
    if (result?.ok) handOff(locale, result.result);
  }
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="relative flex flex-col gap-4">
      <Honeypot form="login" />
      <TextField form="login" name="email" type="email" label={t('email')} autoComplete="email" required error={errors.email} />
      <TextField form="login" name="pw" type="password" label={t('password')} autoComplete="current-password" required error={errors.pw} />
      <FormStatus message={status} error={statusIsError} />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <SubmitButton sending={sending}>{t('login')}</SubmitButton>
        <button type="button" className={linkClass} onClick={() => onView('remind')}>
          {t('forgot')}
        </button>
      </div>
      <p className="border-t border-brand-100 pt-4 text-muted">
        {t('noAccount')}{' '}
        <button type="button" className={linkClass} onClick={() => onView('registration')}>
          {t('openRegistration')}
        </button>
      </p>
    </form>
  );
}

function RemindForm({ onView }: { onView: (view: AuthView) => void }) {
  const t = useTranslations('AuthDialog');
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit<{ success?: boolean }>('api/auth/remind', RemindInputSchema);
  const [done, setDone] = useState(false);
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await submit({ email: formValues(event.currentTarget).email ?? '' });
    if (result?.ok && result.result?.success) setDone(true);
  }
  const back = (
    <button type="button" className={linkClass} onClick={() => onView('login')}>
      {t('backToLogin')}
    </button>
  );
  if (done) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900 ring-1 ring-green-200">
          {t('remindDone')}
        </p>
        {back}
      </div>
    );
  }
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="relative flex flex-col gap-4">
      <p className="text-muted">{t('remindLead')}</p>
      <Honeypot form="remind" />
      <TextField form="remind" name="email" type="email" label={t('email')} autoComplete="email" required error={errors.email} />
      <FormStatus message={status} error={statusIsError} />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <SubmitButton sending={sending}>{t('remindSend')}</SubmitButton>
        {back}
      </div>
    </form>
  );
}
