import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { DeskCardPage } from '@/components/desk/desk-card-page';
import { DeskNotice } from '@/components/desk/desk-notice';
import { TextField } from '@/components/dialogs/form-fields';
import { isLocale } from '@/site/locales.mjs';
import { deskPath } from '@/server/desk/desk-paths';
import { optionalDeskSession } from '@/server/desk/page-session';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ error?: string; enrol?: string }> };

/** Staff sign-in: a plain form post (works without JavaScript); the answer sets the session cookie. */
export default async function DeskLoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const session = await optionalDeskSession();
  if (session && !session.secondFactorPending) redirect(deskPath(locale));
  const { error, enrol } = await searchParams;
  const t = await getTranslations({ locale, namespace: 'Desk' });
  return (
    <DeskCardPage title={t('login.title')} intro={t('login.intro')}>
      <DeskNotice locale={locale} error={error} />
      <form method="post" action="/api/desk/login" className="flex flex-col gap-4">
        <input type="hidden" name="locale" value={locale} />
        {/* An admin's enrolment link (DESK_REQUIRE_2FA): the sign-in it carries may set up the second factor. */}
        {enrol && /^[A-Za-z0-9_-]{1,64}$/.test(enrol) ? <input type="hidden" name="enrol" value={enrol} /> : null}
        <TextField form="desk-login" name="email" type="email" label={t('login.email')} autoComplete="username" required />
        <TextField form="desk-login" name="pw" type="password" label={t('login.password')} autoComplete="current-password" required />
        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {t('login.submit')}
          </button>
        </div>
      </form>
    </DeskCardPage>
  );
}
