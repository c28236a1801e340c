import { TextField } from '@/components/dialogs/form-fields';
import type { Staff } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { STAFF_NAME_MAX, staffName } from '@/server/desk/staff-name';
import { localizedPath } from '@/lib/paths';
import { mayOwnLeads } from '@/server/desk/lead-owners';
import { deskTranslator } from './desk-translator';

const queueValue = (queues: string[] | null) => (queues?.length === 1 ? queues[0]! : 'all');

export interface EnrolmentLinkView {
  url: string;
  expires: string;
}

/**
 * Staff accounts (by name, with the e-mail) with their state and the admin's actions on each (the name, disable/enable, set a password
 * with an optional change at the next sign-in, and under DESK_REQUIRE_2FA an enrolment link for an
 * account without a second factor, shown until it is used or expires).
 */
export async function StaffTable({ locale, members, selfId, requireTwoFactor, enrolmentLinks }: { locale: Locale; members: Staff[]; selfId: string; requireTwoFactor: boolean; enrolmentLinks: Map<string, EnrolmentLinkView> }) {
  const t = await deskTranslator(locale);
  return (
    <ul className="flex flex-col gap-3">
      {members.map((member) => (
        <li key={member.id} className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 md:grid-cols-[2fr_1fr_2fr]">
          <div>
            <p className="font-semibold break-words" data-staff-name>
              {staffName(member)}
              {member.id === selfId ? <span className="ml-1 font-normal text-muted">({t('staff.you')})</span> : null}
            </p>
            <p className="text-sm break-all">
              {member.email}
              {member.displayName ? null : <span className="ml-1 text-muted">({t('staff.noName')})</span>}
            </p>
            <p className="text-sm text-muted">
              {t('staff.role')}: {t.pick('roles', member.role)} · {t('staff.state')}: {member.disabledAt ? t('staff.disabled') : t('staff.active')} · {t('staff.twoFactor')}:{' '}
              {member.totpEnabledAt ? t('staff.yes') : t('staff.no')}
              {member.mustChangePassword ? ` · ${t('staff.mustChangeShort')}` : null}
              {mayOwnLeads(member.role) ? ` · ${t('staff.duty')}: ${member.onDuty ? t('staff.dutyOnShort') : t('staff.dutyOffShort')}` : null}
            </p>
            <form method="post" action={`/api/desk/staff/${member.id}`} className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="locale" value={locale} />
              <input type="hidden" name="action" value="rename" />
              <div className="min-w-48 flex-1">
                <TextField form={`staff-name-${member.id}`} name="display_name" label={t('staff.name')} defaultValue={member.displayName ?? ''} maxLength={STAFF_NAME_MAX} autoComplete="off" required />
              </div>
              <button type="submit" className="btn-secondary" aria-label={`${t('staff.nameSave')}: ${member.email}`}>
                {t('staff.nameSave')}
              </button>
            </form>
            {mayOwnLeads(member.role) && !member.disabledAt ? (
              <form method="post" action="/api/desk/duty" className="mt-2 flex flex-wrap items-end gap-2" aria-label={t('staff.dutyFor', { email: member.email })}>
                <input type="hidden" name="locale" value={locale} />
                <input type="hidden" name="staff" value={member.id} />
                <input type="hidden" name="back" value={localizedPath(locale, 'desk/staff')} />
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="on" value="1" defaultChecked={member.onDuty} className="size-5" />
                  {t('staff.duty')}
                </label>
                <label className="flex min-w-0 flex-1 basis-48 flex-col text-sm">
                  {t('staff.queue')}
                  <select name="queue" defaultValue={queueValue(member.dutyQueues)} className="w-full min-w-0 rounded-md border border-brand-200 px-2 py-1">
                    <option value="all">{t('staff.queueAll')}</option>
                    <option value="sales">{t('staff.queueSales')}</option>
                    <option value="support">{t('staff.queueSupport')}</option>
                  </select>
                </label>
                <button type="submit" className="btn-secondary" aria-label={`${t('staff.dutySave')}: ${member.email}`}>
                  {t('staff.dutySave')}
                </button>
              </form>
            ) : null}
            {enrolmentLinks.get(member.id) ? (
              <p className="mt-1 text-sm">
                {t('staff.enrolLinkLabel', { date: enrolmentLinks.get(member.id)!.expires })}: <code className="break-all">{enrolmentLinks.get(member.id)!.url}</code>
              </p>
            ) : null}
            {requireTwoFactor && !member.totpEnabledAt && !member.disabledAt ? (
              <form method="post" action={`/api/desk/staff/${member.id}`} className="mt-2">
                <input type="hidden" name="locale" value={locale} />
                <input type="hidden" name="action" value="enrolLink" />
                <button type="submit" className="btn-secondary" aria-label={`${t('staff.enrolLink')}: ${member.email}`}>
                  {t('staff.enrolLink')}
                </button>
              </form>
            ) : null}
          </div>
          <form method="post" action={`/api/desk/staff/${member.id}`}>
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="action" value={member.disabledAt ? 'enable' : 'disable'} />
            {member.id === selfId ? null : (
              <button type="submit" className="btn-secondary" aria-label={`${member.disabledAt ? t('staff.enable') : t('staff.disable')}: ${member.email}`}>
                {member.disabledAt ? t('staff.enable') : t('staff.disable')}
              </button>
            )}
          </form>
          <form method="post" action={`/api/desk/staff/${member.id}`} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="action" value="reset" />
            <div className="min-w-48 flex-1">
              <TextField form={`staff-${member.id}`} name="password" type="password" label={t('staff.newPassword')} autoComplete="new-password" minLength={12} required />
              <label className="mt-1 flex items-center gap-2 text-sm">
                <input type="checkbox" name="must_change" value="1" defaultChecked={member.id !== selfId} />
                {t('staff.mustChange')}
              </label>
            </div>
            <button type="submit" className="btn-secondary">
              {t('staff.reset')}
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}
