import type { SecurityEvent } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/** The latest security events for admins: when, what, which account (by its shown name when it still exists), from where. */
export async function SecurityLog({ locale, events, emails, format }: { locale: Locale; events: SecurityEvent[]; emails: Map<string, string>; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  const who = (id: string | null) => (id ? (emails.get(id) ?? id) : '—');
  return (
    <section aria-labelledby="security-log">
      <h1 id="security-log" className="mb-1 text-2xl font-bold text-brand-900">
        {t('staff.securityTitle')}
      </h1>
      <p className="mb-3 text-sm text-muted">{t('staff.securityIntro')}</p>
      {events.length ? (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-brand-100" tabIndex={0} role="region" aria-labelledby="security-log">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-brand-100">
                <th scope="col" className="p-2">{t('staff.securityWhen')}</th>
                <th scope="col" className="p-2">{t('staff.securityEvent')}</th>
                <th scope="col" className="p-2">{t('staff.securityWho')}</th>
                <th scope="col" className="p-2">{t('staff.securityAddress')}</th>
                <th scope="col" className="p-2">{t('staff.securityRequest')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id} className="border-b border-brand-50 align-top" data-security-event={event.event}>
                  <td className="p-2 whitespace-nowrap">
                    <time dateTime={event.createdAt.toISOString()}>{format.dateTime(event.createdAt)}</time>
                  </td>
                  <td className="p-2">{t.pick('securityEvents', event.event.replace('.', '_'))}</td>
                  <td className="p-2 break-all">
                    {who(event.staffId)}
                    {event.subjectId ? ` → ${who(event.subjectId)}` : ''}
                  </td>
                  <td className="p-2 font-mono">{event.address ?? '—'}</td>
                  <td className="p-2 font-mono break-all">{event.requestId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-muted">{t('staff.securityEmpty')}</p>
      )}
    </section>
  );
}
