import type { Staff } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { mayOwnLeads } from '@/server/desk/lead-owners';
import { deskTranslator } from './desk-translator';

/**
 * The member's own duty, on every desk page: the state and one button to switch it (a form post;
 * the server sends them back to the page they were on). Only for roles that may own leads.
 */
export async function DutySwitch({ locale, staff }: { locale: Locale; staff: Staff }) {
  if (!mayOwnLeads(staff.role)) return null;
  const t = await deskTranslator(locale);
  return (
    <form method="post" action="/api/desk/duty" className="flex items-center gap-2" aria-label={t('duty.label')}>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="on" value={staff.onDuty ? '0' : '1'} />
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${staff.onDuty ? 'bg-green-700 text-white' : 'bg-white/15 text-brand-100'}`}>{staff.onDuty ? t('duty.on') : t('duty.off')}</span>
      <button type="submit" className="btn-ghost min-h-9 border border-white/40 text-sm">
        {staff.onDuty ? t('duty.switchOff') : t('duty.switchOn')}
      </button>
    </form>
  );
}
