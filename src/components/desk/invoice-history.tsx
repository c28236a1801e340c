import type { InvoiceEvent } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import type { DeskFormat } from './desk-format';
import { deskTranslator } from './desk-translator';

type Translator = Awaited<ReturnType<typeof deskTranslator>>;

/** Who an actor is: a staff member's or customer's e-mail, or what a system actor is called. */
export function actorName(t: Translator, actor: string, emails: Map<string, string>): string {
  const email = emails.get(actor);
  if (email) return email;
  const kind = actor.split(':')[0] ?? actor;
  return t.pick('invoices.actors', kind);
}

/** The invoice's history, oldest first: when, who (by e-mail), what, and a cancellation's reason or a manual payment's note. */
export async function InvoiceHistory({ locale, events, emails, format }: { locale: Locale; events: InvoiceEvent[]; emails: Map<string, string>; format: DeskFormat }) {
  const t = await deskTranslator(locale);
  if (!events.length) return <p className="text-muted">{t('invoices.detail.noHistory')}</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {events.map((event) => {
        const note = typeof event.detail?.reason === 'string' ? event.detail.reason : typeof event.detail?.note === 'string' ? event.detail.note : undefined;
        return (
          <li key={event.id} className="border-l-2 border-brand-100 pl-3" data-invoice-event={event.event}>
            <time dateTime={event.at.toISOString()} className="text-muted">
              {format.dateTime(event.at)}
            </time>{' '}
            <span className="font-semibold">{actorName(t, event.actor, emails)}</span>: {t.pick('invoices.events', event.event)}
            {note ? <span className="block whitespace-pre-line text-ink">{note}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
