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
  /** The VIN or frame number the lead carries (its row is in `extra`; the digest line shows it too). */
  vin?: string;
  extra?: Array<[string, string]>;
  /** The lead in the sales desk (when NEXT_PUBLIC_SITE_URL is set). */
  deskUrl?: string;
}

const DESK_LINK_TEXT = 'Открыть в отделе продаж';

const TITLES: Record<LeadSummary['kind'], string> = {
  feedback: '✉️ Обратная связь',
  btn_buy: '💰 Заявка: купить',
  btn_demo: '🧪 Заявка: демо-доступ',
  order: '🛒 Заявка с формы заказа',
};

/** Bidirectional controls (LRM, RLM, ALM, embeddings, overrides, isolates): a name must not reorder the message around it. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const stripBidi = (text: string) => text.replace(BIDI_CONTROLS, '');

/**
 * The page a lead came from as a path of this site (`/en/tis?x=1`): what the visitor's browser
 * sent may be any text, and a host in it would become a link in the chat.
 */
export function sitePath(page: string): string {
  try {
    const url = new URL(page, 'https://site.invalid');
    return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
  } catch {
    return '/';
  }
}

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
    ['Страница', lead.page === undefined ? undefined : sitePath(lead.page)],
    ['UTM', utm || undefined],
    ['Metrica ID', lead.metricaId],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1])).map(([label, value]) => [label, stripBidi(value)]);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Telegram HTML (every value escaped), short enough for one message (4096 characters). */
export function leadTelegramText(lead: LeadSummary): string {
  const parts = [`<b>${TITLES[lead.kind]}</b>`, ''];
  for (const [label, value] of lines(lead)) {
    const shown = escapeTelegramHtml(clip(value, 300));
    // Code, so that Telegram makes no link of it.
    parts.push(`<b>${label}:</b> ${label === 'Страница' ? `<code>${shown}</code>` : shown}`);
  }
  if (lead.text) parts.push('', '<b>Текст:</b>', escapeTelegramHtml(clip(stripBidi(lead.text), 2500)));
  if (lead.deskUrl) parts.push('', `<a href="${escapeTelegramHtml(lead.deskUrl)}">${DESK_LINK_TEXT}</a>`);
  return parts.join('\n');
}

const DIGEST_TITLES: Record<LeadSummary['kind'], string> = {
  feedback: '✉️ Обратная связь',
  btn_buy: '💰 Купить',
  btn_demo: '🧪 Демо',
  order: '🛒 Заказ',
};

/** The lead as one line of a digest (several leads in one message): kind, name, phone, e-mail, firm, VIN, page. Telegram HTML. */
export function leadDigestLine(lead: LeadSummary): string {
  const shown = (value: string | undefined, max = 100) => (value ? escapeTelegramHtml(clip(stripBidi(value).replace(/\s+/g, ' ').trim(), max)) : '');
  const page = lead.page === undefined ? '' : `<code>${shown(sitePath(lead.page))}</code>`;
  const vin = lead.vin ? `VIN <code>${shown(lead.vin, 40)}</code>` : '';
  return [DIGEST_TITLES[lead.kind], `<b>${shown(lead.name)}</b>`, shown(lead.phone, 40), shown(lead.email), shown(lead.company), vin, page].filter(Boolean).join(' · ');
}

/** The sales e-mail: subject, plain text and escaped HTML. */
export function leadEmail(lead: LeadSummary, to: string): { to: string; subject: string; text: string; html: string } {
  const rows = lines(lead);
  const body = lead.text ? stripBidi(lead.text) : undefined;
  const subject = `${TITLES[lead.kind].replace(/^\S+\s/, '')}: ${stripBidi(lead.name)}`.slice(0, 200);
  const link = lead.deskUrl ? ['', `${DESK_LINK_TEXT}: ${lead.deskUrl}`] : [];
  const text = [...rows.map(([label, value]) => `${label}: ${value}`), ...(body ? ['', 'Текст:', body] : []), ...link].join('\n');
  const html = [
    `<h2>${escapeHtml(TITLES[lead.kind])}</h2>`,
    '<table>',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    ...(body ? [`<p style="white-space:pre-wrap">${escapeHtml(body)}</p>`] : []),
    ...(lead.deskUrl ? [`<p><a href="${escapeHtml(lead.deskUrl)}">${DESK_LINK_TEXT}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
}
