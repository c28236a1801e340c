import 'server-only';
import { sendMail } from '../../notify/mailer';
import { DeliveryError, type Channel } from './types';

/** The e-mail channel: payload `{ to, subject, text, html? }`, sent through SMTP. */
export function emailChannel(smtpUrl: string, from: string): Channel {
  return {
    name: 'email',
    async send(payload) {
      const { to, subject, text, html } = payload as Record<string, unknown>;
      if (typeof to !== 'string' || typeof subject !== 'string' || typeof text !== 'string') {
        throw new DeliveryError('malformed e-mail message', { permanent: true });
      }
      try {
        await sendMail(smtpUrl, from, { to, subject, text, html: typeof html === 'string' ? html : undefined });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(`SMTP: ${detail}`.slice(0, 300));
      }
    },
  };
}
