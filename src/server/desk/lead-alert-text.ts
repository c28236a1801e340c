import 'server-only';
import { escapeTelegramHtml } from '../notify/telegram';
import { kindName } from '../leads/kind-names';
import { deskLinkText, SALES } from '../leads/sales-texts';
import { clip } from '../leads/plain-text';

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


/** The reminder's headline, in Russian as every message to sales. */
function headline(step: AlertStep, lead: AlertLead): string {
  const what = `Заявка №${lead.number} (${kindName(SALES, lead.kind)})`;
  if (step === 'escalate') return `⏰ ${what} всё ещё новая: до обещанных 10 минут осталось ${lead.minutes} мин.`;
  if (step === 'promise') return `🚨 ${what} ждёт ${lead.minutes} мин.: обещание связаться за 10 минут нарушено.`;
  return `📞 ${what}: пора перезвонить.`;
}

const ownerLine = (lead: AlertLead) => (lead.ownerName ? `Ответственный: ${lead.ownerName}` : 'Ответственного нет: заявку никто не взял.');
const personLine = (lead: AlertLead) => [lead.name, lead.firm].filter(Boolean).map((part) => clip(part!, 100)).join(', ');

/** The sales chat's message (Telegram HTML) and its line for a digest. */
export function alertTelegram(step: AlertStep, lead: AlertLead): { text: string; line: string } {
  const person = lead.omitPersonal ? '' : personLine(lead);
  const parts = [`<b>${escapeTelegramHtml(headline(step, lead))}</b>`, escapeTelegramHtml(ownerLine(lead))];
  if (person) parts.push(`Клиент: <code>${escapeTelegramHtml(person)}</code>`);
  if (lead.deskUrl) parts.push('', `<a href="${escapeTelegramHtml(lead.deskUrl)}">${deskLinkText()}</a>`);
  const line = [headline(step, lead), lead.ownerName ?? 'без ответственного', person].filter(Boolean).map(escapeTelegramHtml).join(' · ');
  return { text: parts.join('\n'), line };
}

/** The e-mail to the owner or an admin (plain text: the whole lead is in the desk). */
export function alertEmail(step: AlertStep, lead: AlertLead, to: string): { to: string; subject: string; text: string } {
  const subject = clip(headline(step, lead), 200);
  const person = personLine(lead);
  const text = [headline(step, lead), ownerLine(lead), ...(person ? [`Клиент: ${person}`] : []), ...(lead.deskUrl ? ['', `${deskLinkText()}: ${lead.deskUrl}`] : [])].join('\n');
  return { to, subject, text };
}
