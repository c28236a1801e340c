'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { loginSchema, remindSchema } from '@/components/dialogs/form-schemas';
import { FormStatus, Honeypot, SubmitButton, TextField } from '@/components/dialogs/form-fields';
import { formValues, useFormSubmit } from '@/components/dialogs/use-form-submit';
import { RegistrationForm } from './registration-form';
import { useTokenHandOff, type TokenResult } from './token-hand-off';

type AuthView = 'login' | 'remind' | 'registration';

const linkClass = 'rounded-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

/**
 * A button that moves to another view. The page's enhancer does the move (src/enhancer/dialogs.mjs),
 * so it works from the first tap, before React: it shows the view, takes focus to its heading and
 * reaches the view's goal (`auth_registration` on the way to registration).
 */
function ViewButton({ view, children }: { view: AuthView; children: ReactNode }) {
  return (
    <button type="button" className={linkClass} data-auth-view={view} data-goal={view === 'registration' ? 'auth_registration' : undefined}>
      {children}
    </button>
  );
}

/**
 * Login, password reminder and registration, in a dialog or on the sign-in page: all three are
 * in the markup, the login view shown first.
 */
export function AuthViews({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const t = useTranslations('AuthDialog');
  const ta = useTranslations('ApiClient');
  const views: [AuthView, string, ReactNode][] = [
    ['login', t('loginHeading'), <LoginForm key="login" />],
    ['remind', t('remindHeading'), <RemindForm key="remind" />],
    ['registration', t('registrationHeading'), <RegistrationForm key="registration" back={<ViewButton view="login">{t('backToLogin')}</ViewButton>} />],
  ];
  return (
    <div data-auth-views="" data-network-error={ta('network')}>
      {views.map(([view, heading, content]) => (
        <div key={view} data-auth-panel={view} hidden={view !== 'login'}>
          <Heading tabIndex={-1} className="mb-3 text-lg font-bold text-brand-900 focus:outline-none">
            {heading}
          </Heading>
          {content}
        </div>
      ))}
    </div>
  );
}

function LoginForm() {
  const t = useTranslations('AuthDialog');
  const { submit, onChange, sending, errors, status, statusIsError, formRef, locale } = useFormSubmit<TokenResult>('api/auth/auth', loginSchema);
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
        <ViewButton view="remind">{t('forgot')}</ViewButton>
      </div>
      <p className="border-t border-brand-100 pt-4 text-muted">
        {t('noAccount')}{' '}
        <ViewButton view="registration">{t('openRegistration')}</ViewButton>
      </p>
    </form>
  );
}

function RemindForm() {
  const t = useTranslations('AuthDialog');
  const { submit, onChange, sending, errors, status, statusIsError, formRef } = useFormSubmit<{ success?: boolean }>('api/auth/remind', remindSchema);
  const [done, setDone] = useState(false);
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await submit({ email: formValues(event.currentTarget).email ?? '' });
    if (result?.ok && result.result?.success) setDone(true);
  }
  const back = <ViewButton view="login">{t('backToLogin')}</ViewButton>;
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
