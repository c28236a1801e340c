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

function transportFor(smtpUrl: string, timeoutMs: number): Transporter {
  const key = `${timeoutMs} ${smtpUrl}`;
  let transport = transports.get(key);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl, {});
    // Never hang the outbox worker on a dead SMTP server: every step of the conversation is bounded.
    Object.assign((transport as unknown as { options: Record<string, unknown> }).options, {
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    transports.set(key, transport);
  }
  return transport;
}

/** Sends one e-mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587), each step within `timeoutMs` (SMTP_TIMEOUT_MS). Throws on failure. */
export async function sendMail(smtpUrl: string, from: string, message: MailMessage, timeoutMs = 10_000): Promise<void> {
  await transportFor(smtpUrl, timeoutMs).sendMail({ from, ...message });
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
