import 'server-only';
import { eq } from 'drizzle-orm';
import { leads } from '@/db/schema';
import { kopecksOf } from '@/lib/billing/invoice';
import { translate, translateIfKnown } from '../i18n';
import { kindName } from '../leads/kind-names';
import { SALES } from '../leads/sales-texts';
import { clip, plainText } from '../leads/plain-text';
import { isBlock, leadHeadline, shownFields } from '../leads/shown-fields';
import { DeliveryError, type DeliveryContext } from '../outbox/channels/types';

/** A stored lead as the CRM channels send it: read when the message is sent (docs/decisions/024). */
export interface LeadRecord {
  id: string;
  number: number;
  kind: string;
  lang: string;
  createdAt: Date;
  /** The stored form with the name, phone and e-mail columns laid over it (field names of the definitions). */
  data: Record<string, unknown>;
  clientAddress: string | null;
  consent: { at: Date | null; version: string | null; form: string | null; withdrawnAt: Date | null };
}

/**
 * The lead of the outbox row being sent. A lead that is gone or erased can never be sent: that is
 * a permanent refusal (erasure also cancels the row; this covers a row already claimed).
 */
export async function leadOfDelivery(context: DeliveryContext | undefined): Promise<LeadRecord> {
  if (!context?.leadId) throw new DeliveryError('the message names no lead', { permanent: true });
  const [lead] = await context.db.select().from(leads).where(eq(leads.id, context.leadId)).limit(1);
  if (!lead) throw new DeliveryError('the lead no longer exists', { permanent: true });
  if (lead.erasedAt) throw new DeliveryError('the lead was erased', { permanent: true });
  return {
    id: lead.id,
    number: lead.number,
    kind: lead.kind,
    lang: lead.lang,
    createdAt: lead.createdAt,
    data: { ...lead.payload, name: lead.name, phone: lead.phone, ...(lead.email ? { email: lead.email } : {}) },
    clientAddress: lead.clientAddress,
    consent: { at: lead.consentAt, version: lead.consentVersion, form: lead.consentForm, withdrawnAt: lead.consentWithdrawnAt },
  };
}

/** A text field of the form, made plain (empty when absent). */
export function formText(record: LeadRecord, name: string, max = 1000): string {
  const value = record.data[name];
  return typeof value === 'string' || typeof value === 'number' ? clip(plainText(String(value)).trim(), max) : '';
}

/**
 * «EpcSu №123 · Покупка», «EpcSu №124 · Счёт 2026-000001: ООО «Ромашка», 42 900,00 ₽»: the CRM
 * record's title, which also finds it again (the number after the site's name). A kind with a
 * headline is named by it.
 */
export function crmTitle(site: string, record: LeadRecord): string {
  const named = leadHeadline(record.kind, record.data, SALES) ?? kindName(SALES, record.kind);
  return `${titlePrefix(site, record.number)}${clip(named, 200)}`;
}

/** The lead's amount (an invoice's total) in kopecks: the deal's value in a CRM. */
export function leadAmountKopecks(record: LeadRecord): number | undefined {
  const total = formText(record, 'total', 20);
  return total ? kopecksOf(total) : undefined;
}

/** The part of the title that names the lead: «EpcSu №123 · ». */
export const titlePrefix = (site: string, number: number) => `${site} №${number} · `;

/** The consent record as one line, as the desk writes it: when, to which version, in which form (and its withdrawal). */
function consentLine(record: LeadRecord): string {
  const { at, version, form, withdrawnAt } = record.consent;
  if (!at) return translate(SALES, 'Desk', 'consent.none');
  const formName = form ? (translateIfKnown(SALES, 'Desk', `consentForms.${form}`) ?? form) : '';
  const given = translate(SALES, 'Desk', 'consent.given', { date: at.toISOString(), version: version ?? '', form: formName });
  return withdrawnAt ? `${given}; ${translate(SALES, 'Desk', 'consent.withdrawn', { date: withdrawnAt.toISOString() })}` : given;
}

/**
 * Every field of the lead as «label: text» lines in Russian (its kind's definition, as the
 * e-mail reads), then the language, the consent record and the desk link: the CRM record's comment.
 */
export function leadCommentText(record: LeadRecord, deskUrl?: string): string {
  const fields = shownFields(record.kind, record.data, SALES);
  const lines = fields.filter((field) => !isBlock(field)).map((field) => `${field.label}: ${field.text}`);
  lines.push(`${translate(SALES, 'Desk', 'fields.lang')}: ${record.lang}`);
  lines.push(`${translate(SALES, 'Desk', 'fields.consent')}: ${consentLine(record)}`);
  for (const field of fields.filter(isBlock)) lines.push('', `${field.label}:`, clip(field.text, 5000));
  if (deskUrl) lines.push('', deskUrl);
  return lines.join('\n');
}

/** The campaign fields every kind carries. */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/** The page the lead was sent from as an absolute address of the site, when the site's address is known. */
export function pageUrl(record: LeadRecord, siteUrl: string | undefined): string {
  const page = formText(record, 'url', 500);
  if (!page) return '';
  if (!siteUrl) return page;
  try {
    const url = new URL(page, siteUrl);
    return url.origin === new URL(siteUrl).origin ? url.toString() : page;
  } catch {
    return page;
  }
}
