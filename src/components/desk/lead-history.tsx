import type { LeadEvent } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/** The audit trail: who changed what and when, oldest first. */
export async function LeadHistory({ locale, events, format, names }: { locale: Locale; events: LeadEvent[]; format: DeskFormat; names: Map<string, string> }) {
  const t = await deskTranslator(locale);
  if (!events.length) return <p className="text-muted">{t('lead.noHistory')}</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {events.map((event) => {
        // The person's name as it is now (staff-name.ts); a removed account by the e-mail kept on the entry.
        const who = (event.staffId ? names.get(event.staffId) : undefined) ?? event.staffEmail ?? t('events.someone');
        const values = { who, from: t.pick('statuses', event.fromStatus), to: t.pick('statuses', event.toStatus) };
        // A call back keeps its time in the note (ISO); none: it was cleared.
        const callback = event.action === 'callback';
        const callbackAt = callback && event.note ? new Date(event.note) : undefined;
        const action = callback && !callbackAt ? 'callbackCleared' : event.action;
        return (
          <li key={event.id} className="border-l-2 border-brand-100 pl-3">
            <time dateTime={event.createdAt.toISOString()} className="text-muted">
              {format.dateTime(event.createdAt)}
            </time>{' '}
 {t.pick('events', action, callbackAt ? { ...values, at: format.dateTime(callbackAt) } : values)}
            {event.note && !callback ? <span className="block whitespace-pre-line text-ink">{event.note}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
