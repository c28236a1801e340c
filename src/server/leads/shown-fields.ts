import 'server-only';
import { kopecksOf } from '@/lib/billing/invoice';
import { definitionOf } from '@/lib/leads/definitions';
import type { InvoiceLeadItem } from '@/lib/leads/invoice';
import type { FieldShow, LeadField } from '@/lib/leads/lead-field';
import { formatKopecks } from '@/lib/money';
import type { Locale } from '@/site/locales.mjs';
import { quoteTis, type TisSelection } from '@/lib/tis/quote';
import { tisQuoteText } from '@/lib/tis/quote-text';
import { TisSelectionSchema } from '@/lib/tis/selection-schema';
import { isServicePage } from '@/site/site-pages.mjs';
import { translate, translateIfKnown } from '../i18n';
import { formatInternational } from '../phone/phone';
import { plainText } from './plain-text';

/** One field of a lead as people read it, in the language asked for. */
export interface ShownField {
  name: string;
  label: string;
  show: FieldShow['as'];
  /** The value as text (a phone internationally formatted, a choice named, a page as a path). */
  text: string;
  /** The stored value (a VIN to link, a TIS set to price, an E.164 number for `tel:`). */
  value: unknown;
  personal: boolean;
}

/**
 * The page a lead came from as a path of this site (`/en/tis?x=1`): what the visitor's browser
 * sent may be any text, and a host in it would become a link in the chat.
 */
function sitePath(page: string): string {
  try {
    const url = new URL(page, 'https://site.invalid');
    return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
  } catch {
    return '/';
  }
}

function valueText(show: FieldShow, value: unknown, locale: Locale): string | undefined {
  switch (show.as) {
    case 'flag':
      return value === true ? translate(locale, 'Desk', 'flagYes') : undefined;
    case 'tis': {
      const parsed = TisSelectionSchema.safeParse(value);
      if (!parsed.success) return undefined;
      const selection = parsed.data as TisSelection;
      return tisQuoteText(quoteTis(selection), locale, translate(locale, 'TisCalculator', 'months', { months: String(selection.months) }));
    }
    case 'invoiceItems':
      return Array.isArray(value) && value.length ? value.map((item) => invoiceItemText(item, locale)).join('\n') : undefined;
    default:
      break;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = plainText(String(value)).trim();
  // The order form's hidden city is fixed to '-': no city.
  if (!text || text === '-') return undefined;
  switch (show.as) {
    case 'phone':
      return formatInternational(text);
    case 'choice': {
      // A value the form took but the messages do not name (an older choice) shows as it is.
      return translateIfKnown(locale, 'Desk', `${show.group}.${show.prefix ?? ''}${text}`) ?? text;
    }
    case 'page':
      return sitePath(text);
    case 'product':
      return productName(text, locale);
    case 'money': {
      const kopecks = kopecksOf(text);
      return kopecks === undefined ? text : formatKopecks(kopecks, locale);
    }
    default:
      return text;
  }
}

/**
 * A stored or posted lead's fields, by its kind's definition, in reading order; empty ones are
 * left out. `data` is the validated form (the stored payload, with the name, phone and e-mail
 * columns laid over it).
 */
export function shownFields(kind: string, data: Record<string, unknown>, locale: Locale): ShownField[] {
  const definition = definitionOf(kind);
  if (!definition) return [];
  const shown: ShownField[] = [];
  for (const field of definition.fields as ReadonlyArray<LeadField<Record<string, unknown>>>) {
    const show = field.show ?? { as: 'text' };
    const value = data[field.name];
    const text = valueText(show, value, locale);
    if (text === undefined) continue;
    shown.push({ name: field.name, label: translate(locale, 'Desk', `fields.${field.label}`), show: show.as, text, value, personal: field.personal ?? false });
  }
  return shown;
}

/**
 * A product's name as the footer has it (`vag` → «VAG», `spec` → «Спецтехника»); an id off the
 * catalogue as it is. Several, comma-separated (an invoice's), each named: «EPC FULL, TIS».
 */
function productName(ids: string, locale: Locale): string {
  return ids
    .split(',')
    .map((id) => (isServicePage(id) ? translate(locale, 'Footer', `links.${id}`) : id))
    .join(', ');
}

/** One line of an invoice's lead: «Подписка «EPC FULL», 2 рабочих места — 3 месяца — 23 400,00 ₽». */
function invoiceItemText(item: unknown, locale: Locale): string {
  const { name, months, amount } = (item ?? {}) as Partial<InvoiceLeadItem>;
  const named = plainText(String(name?.[locale] ?? name?.ru ?? ''));
  const kopecks = typeof amount === 'string' ? kopecksOf(amount) : undefined;
  return translate(locale, 'Desk', 'invoiceItem', { name: named, months: Number(months) || 0, amount: kopecks === undefined ? '' : formatKopecks(kopecks, locale) });
}

/** Shown as a block under its label (a comment, an invoice's lines), not as one line among the others. */
export const isBlock = (field: Pick<ShownField, 'show'>) => field.show === 'longText' || field.show === 'invoiceItems';

/** The lead's one-line title by its kind's `headline` (`Desk.headlines.<kind>`), when its kind has one. */
export function leadHeadline(kind: string, data: Record<string, unknown>, locale: Locale): string | undefined {
  const headline = definitionOf(kind)?.headline;
  if (!headline) return undefined;
  const shown = new Map(shownFields(kind, data, locale).map((field) => [field.name, field.text]));
  return translate(locale, 'Desk', `headlines.${headline.message}`, Object.fromEntries(headline.fields.map((name) => [name, shown.get(name) ?? ''])));
}

/**
 * The product a lead is about: its `product` field (the button that opened the form named it),
 * else the product page it was sent from (`/ru/epc` → «EPC FULL»), if it was sent from one.
 */
export function leadProduct(data: Record<string, unknown>, locale: Locale): string | undefined {
  if (typeof data.product === 'string' && data.product) return productName(plainText(data.product), locale);
  if (typeof data.url !== 'string') return undefined;
  const segments = sitePath(data.url).split('?')[0]!.split('/').filter(Boolean);
  const page = segments.find((segment) => isServicePage(segment));
  return page ? productName(page, locale) : undefined;
}
