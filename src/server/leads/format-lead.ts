import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { escapeHtml } from '../notify/mailer';
import { escapeTelegramHtml } from '../notify/telegram';
import { translate } from '../i18n';
import { clip, plainText } from './plain-text';
import { isBlock, leadHeadline, leadProduct, shownFields, type ShownField } from './shown-fields';

/** A lead as the messages to sales are written from it. */
export interface LeadMessageInput {
  kind: string;
  /** The lead's number (shown in every message and in the desk). */
  number?: number;
  lang: string;
  /** The validated form (field names of the specification). */
  data: Record<string, unknown>;
  /** The lead in the sales desk (when NEXT_PUBLIC_SITE_URL is set). */
  deskUrl?: string;
  /** TELEGRAM_PERSONAL_DATA=omit: the chat gets the kind, number, product and desk link only. */
  omitPersonal?: boolean;
}

/** Sales read the messages in Russian. */
const SALES: Locale = 'ru';
const DESK_LINK_TEXT = 'Открыть в отделе продаж';

const TITLES: Record<string, string> = {
  feedback: '✉️ Обратная связь',
  btn_buy: '💰 Заявка: купить',
  btn_demo: '🧪 Заявка: демо-доступ',
  order: '🛒 Заявка с формы заказа',
  registration: '👤 Регистрация',
  // The lead's number follows: «заявка №12», never to be read as the invoice's number.
  invoice: '🧾 Счёт на оплату · заявка',
};

const DIGEST_TITLES: Record<string, string> = {
  feedback: '✉️ Обратная связь',
  btn_buy: '💰 Купить',
  btn_demo: '🧪 Демо',
  order: '🛒 Заказ',
  registration: '👤 Регистрация',
  invoice: '🧾 Счёт · заявка',
};

const title = (lead: LeadMessageInput, titles = TITLES) => `${titles[lead.kind] ?? lead.kind}${lead.number ? ` №${lead.number}` : ''}`;

/** The rows of a message: the kind's fields, then the language; the blocks (a comment, an invoice's lines) apart. */
function messageParts(lead: LeadMessageInput) {
  const fields = shownFields(lead.kind, lead.data, SALES);
  const rows = fields.filter((field) => !isBlock(field));
  const long = fields.filter(isBlock);
  const language: ShownField = { name: 'lang', label: translate(SALES, 'Desk', 'fields.lang'), show: 'text', text: plainText(lead.lang), value: lead.lang, personal: false };
  return { rows: [...rows, language], long };
}

/** A value in Telegram HTML: free text in `<code>`, so that nothing a visitor wrote becomes a link; a phone and an e-mail stay tappable. */
function telegramValue(field: ShownField, max: number): string {
  const shown = escapeTelegramHtml(clip(field.text, max));
  return field.show === 'phone' || field.show === 'email' || field.show === 'choice' || field.show === 'product' || field.show === 'flag' || field.show === 'tis' || field.show === 'money' ? shown : `<code>${shown}</code>`;
}

/** Telegram HTML (every value escaped), short enough for one message (4096 characters). */
export function leadTelegramText(lead: LeadMessageInput): string {
  const parts = [`<b>${escapeTelegramHtml(title(lead))}</b>`, ''];
  if (lead.omitPersonal) {
    const product = leadProduct(lead.data, SALES);
    if (product) parts.push(`<b>${translate(SALES, 'Desk', 'fields.product')}:</b> ${escapeTelegramHtml(product)}`);
  } else {
    const { rows, long } = messageParts(lead);
    for (const field of rows) parts.push(`<b>${escapeTelegramHtml(field.label)}:</b> ${telegramValue(field, 300)}`);
    for (const field of long) {
      const text = escapeTelegramHtml(clip(field.text, 2500));
      // What a visitor wrote is kept from becoming a link; an invoice's lines are the site's own words.
      parts.push('', `<b>${escapeTelegramHtml(field.label)}:</b>`, field.show === 'longText' ? `<code>${text}</code>` : text);
    }
  }
  if (lead.deskUrl) parts.push('', `<a href="${escapeTelegramHtml(lead.deskUrl)}">${DESK_LINK_TEXT}</a>`);
  return parts.join('\n');
}

/** The lead as one line of a digest (several leads in one message): kind, product, name, phone, e-mail, firm, VIN, page. Telegram HTML. */
export function leadDigestLine(lead: LeadMessageInput): string {
  const shown = (value: string | undefined, max = 100) => (value ? escapeTelegramHtml(clip(value.replace(/\s+/g, ' ').trim(), max)) : '');
  if (lead.omitPersonal) return [escapeTelegramHtml(title(lead, DIGEST_TITLES)), shown(leadProduct(lead.data, SALES))].filter(Boolean).join(' · ');
  const fields = new Map(shownFields(lead.kind, lead.data, SALES).map((field) => [field.name, field.text]));
  const page = fields.get('url');
  const vin = fields.get('vin');
  return [
    escapeTelegramHtml(title(lead, DIGEST_TITLES)),
    shown(fields.get('product')),
    `<b>${shown(fields.get('name'))}</b>`,
    shown(fields.get('phone'), 40),
    shown(fields.get('email')),
    shown(fields.get('firm_name')),
    vin ? `VIN <code>${shown(vin, 40)}</code>` : '',
    page ? `<code>${shown(page)}</code>` : '',
    shown(fields.get('invoice_number'), 40),
    shown(fields.get('total'), 40),
  ]
    .filter((part) => part && part !== '<b></b>')
    .join(' · ');
}

/** The sales e-mail: subject, plain text and escaped HTML (always the whole lead). */
export function leadEmail(lead: LeadMessageInput, to: string): { to: string; subject: string; text: string; html: string } {
  const { rows, long } = messageParts(lead);
  const name = rows.find((field) => field.name === 'name')?.text ?? '';
  const subject = clip(leadHeadline(lead.kind, lead.data, SALES) ?? `${title(lead).replace(/^\S+\s/, '')}: ${name}`, 200);
  const link = lead.deskUrl ? ['', `${DESK_LINK_TEXT}: ${lead.deskUrl}`] : [];
  const text = [...rows.map((field) => `${field.label}: ${field.text}`), ...long.flatMap((field) => ['', `${field.label}:`, field.text]), ...link].join('\n');
  const cell = (field: ShownField) =>
    field.show === 'phone' && typeof field.value === 'string'
      ? `<a href="tel:${escapeHtml(field.value.replace(/[^\d+]/g, ''))}">${escapeHtml(field.text)}</a>`
      : escapeHtml(field.text);
  const html = [
    `<h2>${escapeHtml(title(lead))}</h2>`,
    '<table>',
    ...rows.map((field) => `<tr><th align="left">${escapeHtml(field.label)}</th><td>${cell(field)}</td></tr>`),
    '</table>',
    ...long.map((field) => `<p><b>${escapeHtml(field.label)}:</b></p><p style="white-space:pre-wrap">${escapeHtml(field.text)}</p>`),
    ...(lead.deskUrl ? [`<p><a href="${escapeHtml(lead.deskUrl)}">${DESK_LINK_TEXT}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
}
