import 'server-only';
import { definitionOf } from '@/lib/leads/definitions';
import type { DigestField } from '@/lib/leads/lead-field';
import { escapeHtml } from '../notify/mailer';
import { escapeTelegramHtml } from '../notify/telegram';
import { translate } from '../i18n';
import { kindTitle } from './kind-names';
import { clip, plainText } from './plain-text';
import { deskLinkText, SALES } from './sales-texts';
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

const title = (lead: LeadMessageInput, place: 'message' | 'digest' = 'message') => `${kindTitle(lead.kind, place)}${lead.number ? ` №${lead.number}` : ''}`;

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
  if (lead.deskUrl) parts.push('', `<a href="${escapeTelegramHtml(lead.deskUrl)}">${deskLinkText()}</a>`);
  return parts.join('\n');
}

/** A value on one line of a digest, escaped: spaces folded, clipped (a phone, a VIN or a sum shorter). */
const digestText = (value: string | undefined, max = 100) => (value ? escapeTelegramHtml(clip(value.replace(/\s+/g, ' ').trim(), max)) : '');

/** One part of a digest line: a field the kind's definition names in `digest`, as its `show` reads. */
function digestPart(part: DigestField<Record<string, unknown>>, fields: ReadonlyMap<string, ShownField>): string {
  const field = fields.get(typeof part === 'string' ? part : part.bold);
  if (!field) return '';
  const text = digestText(field.text, field.show === 'phone' || field.show === 'vin' || field.show === 'money' ? 40 : 100);
  if (!text) return '';
  if (typeof part !== 'string') return `<b>${text}</b>`;
  if (field.show === 'vin') return `VIN <code>${text}</code>`;
  return field.show === 'page' ? `<code>${text}</code>` : text;
}

/** The lead as one line of a digest (several leads in one message): its title, then its definition's `digest` fields. Telegram HTML. */
export function leadDigestLine(lead: LeadMessageInput): string {
  const head = escapeTelegramHtml(title(lead, 'digest'));
  if (lead.omitPersonal) return [head, digestText(leadProduct(lead.data, SALES))].filter(Boolean).join(' · ');
  const fields = new Map(shownFields(lead.kind, lead.data, SALES).map((field) => [field.name, field]));
  const parts = (definitionOf(lead.kind)?.digest ?? []).map((part) => digestPart(part, fields));
  return [head, ...parts].filter(Boolean).join(' · ');
}

/** The sales e-mail: subject, plain text and escaped HTML (always the whole lead). */
export function leadEmail(lead: LeadMessageInput, to: string): { to: string; subject: string; text: string; html: string } {
  const { rows, long } = messageParts(lead);
  const name = rows.find((field) => field.name === 'name')?.text ?? '';
  const subject = clip(leadHeadline(lead.kind, lead.data, SALES) ?? `${title(lead).replace(/^\S+\s/, '')}: ${name}`, 200);
  const link = lead.deskUrl ? ['', `${deskLinkText()}: ${lead.deskUrl}`] : [];
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
    ...(lead.deskUrl ? [`<p><a href="${escapeHtml(lead.deskUrl)}">${deskLinkText()}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html };
}
