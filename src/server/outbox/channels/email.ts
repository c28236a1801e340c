import 'server-only';
import { sendMail, type MailMessage } from '../../notify/mailer';
import { invoiceMailMessage, type InvoiceMailSettings } from './invoice-email';
import { DeliveryError, type Channel } from './types';

/** A message queued whole: `{ to, subject, text, html? }`. */
function plainMessage(payload: Record<string, unknown>): MailMessage {
  const { to, subject, text, html } = payload;
  if (typeof to !== 'string' || typeof subject !== 'string' || typeof text !== 'string') {
    throw new DeliveryError('malformed e-mail message', { permanent: true });
  }
  return { to, subject, text, html: typeof html === 'string' ? html : undefined };
}

/**
 * The e-mail channel, through SMTP: a message queued whole, or one made when it is sent
 * (`kind: 'invoice'`: a buyer's invoice with its PDF, src/server/outbox/channels/invoice-email.ts).
 * `timeoutMs`: each step of the SMTP conversation (SMTP_TIMEOUT_MS).
 */
export function emailChannel(smtpUrl: string, from: string, invoices: InvoiceMailSettings, timeoutMs?: number): Channel {
  return {
    name: 'email',
    async send(payload, context) {
      const message = payload.kind === 'invoice' ? await invoiceMailMessage(payload, context, invoices) : plainMessage(payload);
      try {
        await sendMail(smtpUrl, from, message, timeoutMs);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(`SMTP: ${detail}`.slice(0, 300));
      }
    },
  };
}
