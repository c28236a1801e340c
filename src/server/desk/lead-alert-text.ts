import 'server-only';
import { escapeTelegramHtml } from '../notify/telegram';
import { kindName } from '../leads/kind-names';
import { deskLinkText, SALES } from '../leads/sales-texts';
import { clip } from '../leads/plain-text';
import type { MessageKey } from '@/i18n/message-keys';
import { translate } from '../i18n';

/** Which reminder: still new at DESK_ESCALATE_MINUTES, still new at the promise, or its call-back time. */
export type AlertStep = 'escalate' | 'promise' | 'callback';

/** A lead as its reminder names it. */
export interface AlertLead {
  number: number;
  kind: string;
  name: string;
  firm: string | null;
  /** The owner's name (the e-mail when unset); null: nobody owns it. */
  ownerName: string | null;
  /** Whole working minutes left of the 10-minute promise (escalate), or waited (promise). */
  minutes: number;
  deskUrl?: string;
  /** TELEGRAM_PERSONAL_DATA=omit: the chat gets no name or company. */
  omitPersonal?: boolean;
}


const say = (key: MessageKey<'SalesMessages'>, values?: Record<string, string | number>) => translate(SALES, 'SalesMessages', key, values);

/** The reminder's headline (`SalesMessages.alerts`, in Russian as every message to sales). */
function headline(step: AlertStep, lead: AlertLead): string {
  const what = say('alerts.lead', { number: lead.number, kind: kindName(SALES, lead.kind) });
  return say(`alerts.${step}`, { lead: what, minutes: lead.minutes });
}

const ownerLine = (lead: AlertLead) => (lead.ownerName ? say('alerts.owner', { name: lead.ownerName }) : say('alerts.noOwner'));
const personLine = (lead: AlertLead) => [lead.name, lead.firm].filter(Boolean).map((part) => clip(part!, 100)).join(', ');

/** The sales chat's message (Telegram HTML) and its line for a digest. */
export function alertTelegram(step: AlertStep, lead: AlertLead): { text: string; line: string } {
  const person = lead.omitPersonal ? '' : personLine(lead);
  const parts = [`<b>${escapeTelegramHtml(headline(step, lead))}</b>`, escapeTelegramHtml(ownerLine(lead))];
  if (person) parts.push(`${say('alerts.customer')}: <code>${escapeTelegramHtml(person)}</code>`);
  if (lead.deskUrl) parts.push('', `<a href="${escapeTelegramHtml(lead.deskUrl)}">${deskLinkText()}</a>`);
  const line = [headline(step, lead), lead.ownerName ?? say('alerts.noOwnerShort'), person].filter(Boolean).map(escapeTelegramHtml).join(' · ');
  return { text: parts.join('\n'), line };
}

/** The e-mail to the owner or an admin (plain text: the whole lead is in the desk). */
export function alertEmail(step: AlertStep, lead: AlertLead, to: string): { to: string; subject: string; text: string } {
  const subject = clip(headline(step, lead), 200);
  const person = personLine(lead);
  const text = [headline(step, lead), ownerLine(lead), ...(person ? [`${say('alerts.customer')}: ${person}`] : []), ...(lead.deskUrl ? ['', `${deskLinkText()}: ${lead.deskUrl}`] : [])].join('\n');
  return { to, subject, text };
}
