import 'server-only';
import { randomUUID } from 'node:crypto';
import { invoiceEvents, invoices, outboxMessages, type InvoiceRow } from '@/db/schema';
import { priceOrder, type OrderItem } from '@/content/price-book';
import { includedVat, roubles, type InvoiceDocument, type InvoiceParty } from '@/lib/billing/invoice';
import { invoiceLeadOf } from '@/lib/leads/invoice';
import type { User } from '@/db/schema';
import { getDb } from '../database';
import { getEnv } from '../env';
import { leadCommitted, prepareLead } from '../leads/create-lead';
import { assignStoredLead } from '../desk/lead-owners';
import { addDays, moscowDay } from './calendar';
import { namedLine } from './line-names';
import { allotInvoiceSeq, invoiceNumber } from './numbering';
import { OFFER_VERSION } from './offer';
import { sellerOf } from './seller';
import { invoiceMailRows } from './invoice-mail';
import { documentOf } from './invoice-view';

export type IssueResult =
  | { ok: true; invoice: InvoiceDocument }
  | { ok: false; reason: 'off' }
  | { ok: false; reason: 'item'; item: number; field: string };

export interface IssueRequest {
  user: User;
  buyer: InvoiceParty;
  items: readonly OrderItem[];
  lang: string;
  clientAddress?: string;
  /** How the buyer's details came: `dadata`, `manual`, or `repeat` (copied from the account's earlier invoice). */
  source: 'dadata' | 'manual' | 'repeat';
}

/** What sales read of an invoice in its lead (kind `invoice`, src/lib/leads/invoice.ts): who, what, how much, which number. */
function invoiceLeadData(user: User, row: Pick<InvoiceRow, 'id' | 'number' | 'buyer' | 'lines' | 'totalKopecks'>) {
  return invoiceLeadOf({ name: [user.nameI, user.nameF].filter(Boolean).join(' '), phone: user.phone, email: user.email }, row);
}

/**
 * Issues an invoice: priced from the price book, numbered, stored with its history, its lead for
 * sales (with that lead's outbox rows) and the buyer's e-mail, all in one transaction, so that
 * nothing of it is stored half-way and a number is never lost or given twice (src/server/billing/numbering.ts).
 */
export async function issueInvoice(request: IssueRequest): Promise<IssueResult> {
  const env = getEnv();
  const seller = sellerOf(env);
  if (!seller) return { ok: false, reason: 'off' };
  const priced = priceOrder(request.items);
  if ('error' in priced) return { ok: false, reason: 'item', item: priced.error.item, field: priced.error.field };

  const db = await getDb();
  const id = randomUUID();
  const today = moscowDay();
  const year = Number(today.slice(0, 4));
  const lines = priced.lines.map(namedLine);
  const base = {
    id,
    userId: request.user.id,
    issuedOn: today,
    dueOn: addDays(today, env.INVOICE_DUE_DAYS),
    seller,
    buyer: request.buyer,
    buyerEmail: request.user.email,
    lines,
    totalKopecks: priced.totalKopecks,
    vatRate: env.VAT_RATE,
    vatKopecks: includedVat(priced.totalKopecks, env.VAT_RATE),
    offerVersion: OFFER_VERSION,
    lang: request.lang,
  };

  const { row, lead } = await db.transaction(async (tx) => {
    const seq = await allotInvoiceSeq(tx, year);
    const number = invoiceNumber(year, seq);
    const lead = await prepareLead(tx, {
      kind: 'invoice',
      lang: request.lang,
      data: invoiceLeadData(request.user, { ...base, number }),
      consentForm: 'invoice',
      clientAddress: request.clientAddress,
    });
    await tx.execute(lead.statement);
    const [row] = await tx
      .insert(invoices)
      .values({ ...base, number, year, seq, leadId: lead.id })
      .returning();
    await tx.insert(invoiceEvents).values({ invoiceId: id, actor: `customer:${request.user.id}`, event: 'issued', detail: { number, total: roubles(priced.totalKopecks), source: request.source } });
    const mail = invoiceMailRows(env, row!);
    if (mail.length) await tx.insert(outboxMessages).values(mail);
    return { row: row!, lead };
  });
  await assignStoredLead(db, lead.id);
  leadCommitted({ kind: 'invoice' }, lead);
  return { ok: true, invoice: documentOf(row) };
}
