import type { Locale } from '@/site/locales.mjs';
import type { TimelineEntry } from '@/server/desk/lead-work';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

/**
 * The lead's timeline, oldest first: each comment with its author and time, a status change with
 * its comment as one entry, and the rest of the audit trail. Nothing in it is ever edited.
 */
export async function LeadHistory({ locale, events, format }: { locale: Locale; events: TimelineEntry[]; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  if (!events.length) return <p className="text-muted">{t('lead.noHistory')}</p>;
  return (
    <ol className="flex flex-col gap-3 text-sm" data-timeline="">
      {events.map((event) => {
        // An entry with neither an account nor an address is the note a lead had before the timeline.
        const who = event.author ?? (event.staffId || event.staffEmail ? t('events.someone') : t('events.unknownAuthor'));
        const values = { who, from: t.pick('statuses', event.fromStatus), to: t.pick('statuses', event.toStatus) };
        // A call back keeps its time in the note (ISO); none: it was cleared.
        const callback = event.action === 'callback';
        const callbackAt = callback && event.note ? new Date(event.note) : undefined;
        const action = callback && !callbackAt ? 'callbackCleared' : event.action;
        return (
          <li key={event.id} className="border-l-2 border-brand-100 pl-3" data-event={event.action}>
            <p>
              <time dateTime={event.createdAt.toISOString()} className="text-muted">
                {format.dateTime(event.createdAt)}
              </time>{' '}
              <span className="font-semibold text-brand-900">{t.pick('events', action, callbackAt ? { ...values, at: format.dateTime(callbackAt) } : values)}</span>
            </p>
            {event.note && !callback ? <p className="mt-1 rounded-md bg-brand-50 px-2 py-1 whitespace-pre-line break-words text-ink">{event.note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
