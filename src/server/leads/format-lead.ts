import 'server-only';
import { escapeHtml } from '../notify/mailer';
import { escapeTelegramHtml } from '../notify/telegram';

/** What sales need to see of a lead, in reading order (labels in Russian: the sales team reads them). */
export interface LeadSummary {
  kind: 'feedback' | 'btn_buy' | 'btn_demo' | 'order';
  name: string;
  company?: string;
  phone: string;
  email?: string;
  clientType?: string;
  text?: string;
  lang: string;
  page?: string;
  utm?: Record<string, string | undefined>;
  metricaId?: string;
  extra?: Array<[string, string]>;
}

const TITLES: Record<LeadSummary['kind'], string> = {
  feedback: '✉️ Обратная связь',
  btn_buy: '💰 Заявка: купить',
  btn_demo: '🧪 Заявка: демо-доступ',
  order: '🛒 Заявка с формы заказа',
};

function lines(lead: LeadSummary): Array<[string, string]> {
  const utm = lead.utm
    ? Object.entries(lead.utm)
        .filter(([, value]) => value)
        .map(([key, value]) => `${key.replace(/^utm_/, '')}=${value}`)
        .join(', ')
    : '';
  const rows: Array<[string, string | undefined]> = [
    ['Имя', lead.name],
    ['Компания', lead.company],
    ['Телефон', lead.phone],
    ['E-mail', lead.email],
    ['Клиент', lead.clientType],
    ...(lead.extra ?? []),
    ['Язык', lead.lang],
    ['Страница', lead.page],
    ['UTM', utm || undefined],
    ['Metrica ID', lead.metricaId],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Telegram HTML (every value escaped), short enough for one message (4096 characters). */
export function leadTelegramText(lead: LeadSummary): string {
  const parts = [`<b>${TITLES[lead.kind]}</b>`, ''];
  for (const [label, value] of lines(lead)) parts.push(`<b>${label}:</b> ${escapeTelegramHtml(clip(value, 300))}`);
  if (lead.text) parts.push('', '<b>Текст:</b>', escapeTelegramHtml(clip(lead.text, 2500)));
  return parts.join('\n');
}

/** The sales e-mail: subject, plain text and escaped HTML. */
export function leadEmail(lead: LeadSummary, to: string): { to: string; subject: string; text: string; html: string } {
  const rows = lines(lead);
  const subject = `${TITLES[lead.kind].replace(/^\S+\s/, '')}: ${lead.name}`.slice(0, 200);
  const text = [...rows.map(([label, value]) => `${label}: ${value}`), ...(lead.text ? ['', 'Текст:', lead.text] : [])].join('\n');
  const html = [
    `<h2>${escapeHtml(TITLES[lead.kind])}</h2>`,
    '<table>',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    ...(lead.text ? [`<p style="white-space:pre-wrap">${escapeHtml(lead.text)}</p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
}
