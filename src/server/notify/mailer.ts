import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';

interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl, {});
    // Never hang the outbox worker on a dead SMTP server.
    Object.assign((transport as unknown as { options: Record<string, unknown> }).options, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Sends one e-mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). Throws on failure. */
export async function sendMail(smtpUrl: string, from: string, message: MailMessage): Promise<void> {
  await transportFor(smtpUrl).sendMail({ from, ...message });
}

/** Escapes text for HTML e-mail bodies. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
