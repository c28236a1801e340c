import 'server-only';
import type { InvoiceRow } from '@/db/schema';
import type { Env } from '../env';

/**
 * The outbox rows that e-mail a new invoice to its buyer, with its PDF attached (made from the
 * stored invoice when the message is sent). None without SMTP.
 */
export function invoiceMailRows(env: Env, row: InvoiceRow): Array<{ channel: string; payload: Record<string, unknown>; leadId: string | null }> {
  if (!env.SMTP_URL) return [];
  return [{ channel: 'email', leadId: row.leadId, payload: { to: row.buyerEmail, kind: 'invoice', invoiceId: row.id } }];
}
