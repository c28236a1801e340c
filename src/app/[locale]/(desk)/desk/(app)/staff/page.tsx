import { deskFormat } from '@/components/desk/desk-format';
import { DeskNotice } from '@/components/desk/desk-notice';
import { deskTranslator } from '@/components/desk/desk-translator';
import { StaffTable, type EnrolmentLinkView } from '@/components/desk/staff-table';
import { SelectField, TextField } from '@/components/dialogs/form-fields';
import { getDb } from '@/server/database';
import { isLocale } from '@/site/locales.mjs';
import { getEnv } from '@/server/env';
import { siteOrigin } from '@/server/http/request-origin';
import { headers } from 'next/headers';
import { deskPath } from '@/server/desk/desk-paths';
import { outstandingEnrolmentToken } from '@/server/desk/enrolment-link';
import { requireDeskStaff } from '@/server/desk/page-session';
import { listStaff, STAFF_ROLES } from '@/server/desk/staff';
import { STAFF_NAME_MAX } from '@/server/desk/staff-name';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ done?: string; error?: string }> };

/** Admins only: the staff accounts, a form to add one, and a link to the security log. */
export default async function DeskStaffPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale, { may: 'manageStaff' });
  const db = await getDb();
  const members = await listStaff(db);
  const { done, error } = await searchParams;
  const t = await deskTranslator(locale);
  const env = getEnv();
  const format = deskFormat(locale, env.DESK_WORKING_HOURS.timeZone);
  // Without NEXT_PUBLIC_SITE_URL, the link names the host this page was asked from.
  const site = siteOrigin(await headers()) ?? '';
  const enrolmentLinks = new Map<string, EnrolmentLinkView>();
  for (const member of members) {
    const token = member.totpEnabledAt ? undefined : await outstandingEnrolmentToken(member);
    if (token && member.enrolmentExpiresAt) enrolmentLinks.set(member.id, { url: `${site}${deskPath(locale, 'login')}?enrol=${token}`, expires: format.dateTime(member.enrolmentExpiresAt) });
  }
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-brand-900">{t('staff.title')}</h1>
      <DeskNotice locale={locale} done={done} error={error} />
      <StaffTable locale={locale} members={members} selfId={staff.id} requireTwoFactor={env.DESK_REQUIRE_2FA} enrolmentLinks={enrolmentLinks} />
      <form method="post" action="/api/desk/staff" className="mt-6 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 md:grid-cols-2" aria-labelledby="staff-add">
        <h2 id="staff-add" className="text-lg font-bold text-brand-900 md:col-span-2">
          {t('staff.add')}
        </h2>
        <input type="hidden" name="locale" value={locale} />
        <TextField form="staff-add" name="display_name" label={t('staff.name')} autoComplete="off" maxLength={STAFF_NAME_MAX} required />
        <TextField form="staff-add" name="email" type="email" label={t('staff.email')} autoComplete="off" required />
        <SelectField form="staff-add" name="role" label={t('staff.role')} defaultValue="sales" options={STAFF_ROLES.map((role) => ({ value: role, label: t.pick('roles', role) }))} />
        <TextField form="staff-add" name="password" type="password" label={t('staff.password')} autoComplete="new-password" minLength={12} required />
        <p className="text-sm text-muted md:col-span-2">{t('staff.rolesHelp')}</p>
        <div className="md:col-span-2">
          <button type="submit" className="btn-primary">
            {t('staff.addSubmit')}
          </button>
        </div>
      </form>
      <p className="mt-6">
        <a href={deskPath(locale, 'security')} className="text-brand-700 underline">
          {t('staff.securityTitle')}
        </a>
      </p>
    </>
  );
}
