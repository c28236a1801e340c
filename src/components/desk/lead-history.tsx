import type { LeadEvent } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

type Translator = Awaited<ReturnType<typeof deskTranslator>>;

/** An owner change: given in turn (nobody acted), taken, or handed over; people by their names now. */
function ownerText(t: Translator, event: LeadEvent, names: Map<string, string>): string {
  const person = (id: string | null) => (id ? (names.get(id) ?? t('owner.gone')) : t('owner.unowned'));
  const to = person(event.toOwnerId);
  if (!event.staffId && !event.staffEmail) return t('owner.assigned', { to });
  const who = (event.staffId && names.get(event.staffId)) || event.staffEmail || t('events.someone');
  const from = event.fromOwnerId ? person(event.fromOwnerId) : undefined;
  if (event.staffId && event.staffId === event.toOwnerId) return from ? t('owner.takenFrom', { who, from }) : t('owner.taken', { who });
  return from ? t('owner.handedFrom', { who, from, to }) : t('owner.handed', { who, to });
}

/** The audit trail: who changed what and when, oldest first; `names`: staff names by id (owners, actors). */
export async function LeadHistory({ locale, events, format, names = new Map() }: { locale: Locale; events: LeadEvent[]; format: DeskFormat; names?: Map<string, string> }) {
  const t = await deskTranslator(locale);
  if (!events.length) return <p className="text-muted">{t('lead.noHistory')}</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {events.map((event) => {
        const who = event.staffEmail ?? t('events.someone');
        const values = { who, from: t.pick('statuses', event.fromStatus), to: t.pick('statuses', event.toStatus) };
        return (
          <li key={event.id} className="border-l-2 border-brand-100 pl-3">
            <time dateTime={event.createdAt.toISOString()} className="text-muted">
              {format.dateTime(event.createdAt)}
            </time>{' '}
            {event.action === 'owner' ? ownerText(t, event, names) : t.pick('events', event.action, values)}
            {event.note ? <span className="block whitespace-pre-line text-ink">{event.note}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
