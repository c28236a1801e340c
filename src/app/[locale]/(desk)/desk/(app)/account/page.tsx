import { DeskNotice } from '@/components/desk/desk-notice';
import { deskFormat } from '@/components/desk/desk-format';
import { deskTranslator } from '@/components/desk/desk-translator';
import { CodeForm, Enrolment, RecoveryCodes, StartEnrolmentForm } from '@/components/desk/second-factor-forms';
import { TextField } from '@/components/dialogs/form-fields';
import { getDb } from '@/server/database';
import { isLocale } from '@/site/locales.mjs';
import { publicEnv } from '@/lib/public-env';
import { getEnv } from '@/server/env';
import { requireDeskStaff } from '@/server/desk/page-session';
import { enrolmentUnderWay, takeRecoveryCodesToShow } from '@/server/desk/second-factor';
import { STAFF_NAME_MAX } from '@/server/desk/staff-name';
import { otpauthUri } from '@/server/desk/totp';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ done?: string; error?: string }> };

/**
 * The signed-in member's own account: the name, the password, the second factor on or off. No key
 * is made until the member presses the button; the recovery codes are shown once, after the first
 * code turned the factor on.
 */
export default async function DeskAccountPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale, { allowMustChange: true });
  const { done, error } = await searchParams;
  const t = await deskTranslator(locale);
  const env = getEnv();
  const format = deskFormat(locale, env.DESK_WORKING_HOURS.timeZone);
  const enrolment = await enrolmentUnderWay(staff);
  const recoveryCodes = await takeRecoveryCodesToShow(await getDb(), staff);
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-brand-900">{t('account.title')}</h1>
      <DeskNotice locale={locale} done={done} error={error ?? (staff.mustChangePassword ? 'mustChangePassword' : undefined)} />
      <form method="post" action="/api/desk/account" className="mb-6 flex max-w-xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6" aria-labelledby="account-name">
        <h2 id="account-name" className="text-lg font-bold text-brand-900">
          {t('account.nameTitle')}
        </h2>
        <p className="text-sm text-muted">{t('account.nameIntro')}</p>
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="action" value="name" />
        <TextField form="account-name" name="display_name" label={t('account.name')} defaultValue={staff.displayName ?? ''} maxLength={STAFF_NAME_MAX} autoComplete="name" required />
        <div>
          <button type="submit" className="btn-primary">
            {t('account.nameSubmit')}
          </button>
        </div>
      </form>
      <form method="post" action="/api/desk/account" className="mb-6 flex max-w-xl flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6" aria-labelledby="account-password">
        <h2 id="account-password" className="text-lg font-bold text-brand-900">
          {t('account.passwordTitle')}
        </h2>
        <p className="text-sm text-muted">{t('account.passwordIntro')}</p>
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="action" value="password" />
        <TextField form="account-password" name="current" type="password" label={t('account.currentPassword')} autoComplete="current-password" required />
        <TextField form="account-password" name="password" type="password" label={t('account.newPassword')} autoComplete="new-password" minLength={12} required />
        <div>
          <button type="submit" className="btn-primary">
            {t('account.passwordSubmit')}
          </button>
        </div>
      </form>
      <section className="max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6" aria-labelledby="account-2fa">
        <h2 id="account-2fa" className="mb-2 text-lg font-bold text-brand-900">
          {staff.totpEnabledAt ? t('account.twoFactorOn', { date: format.dateTime(staff.totpEnabledAt) }) : t('account.twoFactorOff')}
        </h2>
        {env.DESK_REQUIRE_2FA ? <p className="mb-4 text-sm text-muted">{t('account.required')}</p> : null}
        {recoveryCodes ? <RecoveryCodes locale={locale} codes={recoveryCodes} /> : null}
        {enrolment ? (
          <>
            <p className="mb-4 text-sm text-muted">{t('account.setupIntro')}</p>
            <Enrolment locale={locale} secret={enrolment.secret} uri={otpauthUri(publicEnv.siteName, staff.email, enrolment.secret)} />
          </>
        ) : !staff.totpEnabledAt ? (
          <>
            <p className="mb-4 text-sm text-muted">{t('account.startIntro')}</p>
            <StartEnrolmentForm locale={locale} />
          </>
        ) : env.DESK_REQUIRE_2FA ? null : (
          <>
            <p className="mb-4 text-sm text-muted">{t('account.disableIntro')}</p>
            <CodeForm locale={locale} action="disable" submit={t('account.disable')} />
          </>
        )}
      </section>
    </>
  );
}
