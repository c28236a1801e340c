import type { Locale } from '@/site/locales.mjs';
import type { TimelineEntry } from '@/server/desk/lead-work';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

type Translator = Awaited<ReturnType<typeof deskTranslator>>;

/** An owner change: given in turn (nobody acted), taken, or handed over; people by their names now. */
function ownerText(t: Translator, event: TimelineEntry, names: Map<string, string>): string {
  const person = (id: string | null) => (id ? (names.get(id) ?? t('owner.gone')) : t('owner.unowned'));
  const to = person(event.toOwnerId);
  if (!event.staffId && !event.staffEmail) return t('owner.assigned', { to });
  const who = (event.staffId && names.get(event.staffId)) || event.staffEmail || t('events.someone');
  const from = event.fromOwnerId ? person(event.fromOwnerId) : undefined;
  if (event.staffId && event.staffId === event.toOwnerId) return from ? t('owner.takenFrom', { who, from }) : t('owner.taken', { who });
  return from ? t('owner.handedFrom', { who, from, to }) : t('owner.handed', { who, to });
}

/**
 * The lead's timeline, oldest first: each comment with its author and time, a status change with
 * its comment as one entry, owner changes, and the rest of the audit trail. Nothing in it is ever
 * edited. `names`: staff names by id (owners, actors).
 */
export async function LeadHistory({ locale, events, format, names = new Map() }: { locale: Locale; events: TimelineEntry[]; format: DeskFormat; names?: Map<string, string> }) {
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
              <span className="font-semibold text-brand-900">{event.action === 'owner' ? ownerText(t, event, names) : t.pick('events', action, callbackAt ? { ...values, at: format.dateTime(callbackAt) } : values)}</span>
            </p>
            {event.note && !callback ? <p className="mt-1 rounded-md bg-brand-50 px-2 py-1 whitespace-pre-line break-words text-ink">{event.note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
