import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { outboxMessages, users } from '@/db/schema';
import type { Locale } from '@/lib/locales';
import { getEnv } from '../env';
import { translate } from '../i18n';
import { getLogger } from '../logger';
import { escapeHtml } from '../notify/mailer';
import { mailSettings } from '../outbox/config';
import { wakeOutbox } from '../outbox/worker';
import { hashPassword, randomPassword } from './passwords';
import { findUserByEmail } from './users';

/**
 * Sets a new random password that works alongside the old one until either is used, and queues
 * the e-mail that carries it (outbox; held when SMTP is off). Unknown e-mails: nothing happens.
 */
export async function remindPassword(email: string, locale: Locale): Promise<void> {
  const env = getEnv();
  const db = await getDb();
  const log = getLogger();
  const user = await findUserByEmail(db, email);
  if (!user) {
    log.info('remind for an unknown e-mail');
    return;
  }
  const password = randomPassword();
  const pendingHash = await hashPassword(password);
  const site = env.NEXT_PUBLIC_SITE_NAME;
  const text = translate(locale, 'RemindMail', 'body', { site, password });
  const smtpOn = Boolean(mailSettings(env));

  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ pendingPasswordHash: pendingHash, pendingPasswordCreatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx.insert(outboxMessages).values({
      channel: 'email',
      status: smtpOn ? 'pending' : 'held',
      payload: {
        to: user.email,
        subject: translate(locale, 'RemindMail', 'subject', { site }),
        text,
        html: `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>`,
        // Carries a password: the worker blanks the body once it is delivered.
        sensitive: true,
      },
    });
  });
  if (smtpOn) wakeOutbox();
  else log.warn({ userId: user.id }, 'remind e-mail stored but not sent: SMTP_URL is not set');
}
