import 'server-only';
import { eq } from 'drizzle-orm';
import { invoices } from '@/db/schema';
import type { InvoiceDocument } from '@/lib/billing/invoice';
import { isLocale } from '@/site/locales.mjs';
import { invoiceLetter } from '../../billing/invoice-letter';
import { documentOf } from '../../billing/invoice-view';
import type { SiteAddress } from '../../billing/partner-links';
import type { MailMessage } from '../../notify/mailer';
import { DeliveryError, type DeliveryContext } from './types';

/** Makes an invoice's PDF from the stored invoice (src/server/billing/invoice-pdf.ts). */
export type InvoiceRenderer = (invoice: InvoiceDocument) => Promise<Buffer>;

export interface InvoiceMailSettings {
  renderPdf?: InvoiceRenderer;
  site: SiteAddress;
}

/**
 * The buyer's e-mail of an invoice (payload `{ to, kind: 'invoice', invoiceId }`, queued with the
 * invoice), made when it is sent: the letter in the invoice's language and the PDF made from the
 * stored invoice, so the attachment is the very document the partner area shows. An invoice gone,
 * or cancelled before its e-mail went, is never sent.
 */
export async function invoiceMailMessage(payload: Record<string, unknown>, context: DeliveryContext | undefined, settings: InvoiceMailSettings): Promise<MailMessage> {
  const { to, invoiceId } = payload;
  if (typeof to !== 'string' || typeof invoiceId !== 'string' || !context) throw new DeliveryError('malformed invoice e-mail', { permanent: true });
  const [row] = await context.db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!row) throw new DeliveryError('the invoice no longer exists', { permanent: true });
  if (row.status === 'cancelled') throw new DeliveryError(`invoice ${row.number} was cancelled before its e-mail was sent`, { permanent: true });
  if (!settings.renderPdf) throw new DeliveryError('no invoice PDF renderer is configured');
  const invoice = documentOf(row);
  let pdf: Buffer;
  try {
    pdf = await settings.renderPdf(invoice);
  } catch (error) {
    throw new DeliveryError(`invoice ${row.number}: its PDF could not be made: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300));
  }
  return {
    to,
    ...invoiceLetter(invoice, isLocale(row.lang) ? row.lang : 'ru', settings.site),
    attachments: [{ filename: `invoice-${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
}
