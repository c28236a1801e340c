import { DeskCardPage } from '@/components/desk/desk-card-page';
import { DeskNotice } from '@/components/desk/desk-notice';
import { deskTranslator } from '@/components/desk/desk-translator';
import { CodeForm, Enrolment, StartEnrolmentForm } from '@/components/desk/second-factor-forms';
import { SignOutForm } from '@/components/desk/sign-out-form';
import { isLocale } from '@/site/locales.mjs';
import { publicEnv } from '@/lib/public-env';
import { requireDeskStaff } from '@/server/desk/page-session';
import { enrolmentUnderWay } from '@/server/desk/second-factor';
import { otpauthUri } from '@/server/desk/totp';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ error?: string; done?: string }> };

/** The sign-in's second step: a code (or recovery code); under DESK_REQUIRE_2FA an account without one enrols here. */
export default async function DeskSecondFactorPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale, { allowPending: true });
  const { error, done } = await searchParams;
  const t = await deskTranslator(locale);
  const enrolling = !staff.totpEnabledAt;
  // The key is made when the member presses the button, not when the page opens.
  const enrolment = enrolling ? await enrolmentUnderWay(staff) : undefined;
  return (
    <DeskCardPage title={enrolling ? t('secondFactor.enrolTitle') : t('secondFactor.title')} intro={enrolling ? t('secondFactor.enrolIntro') : t('secondFactor.intro')}>
      <DeskNotice locale={locale} error={error} done={done} />
      {enrolment ? (
        <Enrolment locale={locale} secret={enrolment.secret} uri={otpauthUri(publicEnv.siteName, staff.email, enrolment.secret)} />
      ) : enrolling ? (
        <StartEnrolmentForm locale={locale} />
      ) : (
        <CodeForm locale={locale} action="verify" submit={t('secondFactor.submit')} />
      )}
      <SignOutForm locale={locale} label={t('secondFactor.cancel')} className="mt-6" buttonClassName="text-sm text-brand-700 underline" />
    </DeskCardPage>
  );
}
