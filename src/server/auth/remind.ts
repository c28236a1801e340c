import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/server/database';
import { outboxMessages, users } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { getEnv } from '../env';
import { translate } from '../i18n';
import { outsideRequest } from '../lifecycle/root-context';
import { describeError, getLogger } from '../logger';
import { escapeHtml } from '../notify/mailer';
import { mailSettings } from '../outbox/config';
import { wakeOutbox } from '../outbox/worker';
import { queueConfirmation } from './confirm-email';
import { hashPassword, randomPassword } from './passwords';
import { findUserByEmail } from './users';

/** How long a reminded password works: an hour (src/server/auth/login.ts). */
export const REMIND_PASSWORD_TTL_SECONDS = 3600;

const inFlight = new Set<Promise<void>>();

/**
 * Starts a reminder after the answer: the request answers in the same time whether or not the
 * e-mail has an account (hashing a new password took ~0.5 s only for known ones, which told
 * anyone which addresses are registered).
 */
export function startReminder(email: string, locale: Locale, origin?: string): void {
  const work: Promise<void> = outsideRequest(() => remindPassword(email, locale, origin))
    .catch((error: unknown) => getLogger().error({ err: describeError(error) }, 'reminder failed'))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

/** Tests: wait for the reminders started so far. */
export async function remindersSettled(): Promise<void> {
  await Promise.all([...inFlight]);
}

/**
 * Sets a new random password that works alongside the old one until either is used (for an hour),
 * and queues the e-mail that carries it. With SMTP off nothing could deliver it: no password is set
 * and the held message says so, so no password sits in the outbox in clear. Unknown e-mails:
 * nothing happens. A password goes only to a confirmed address: an unconfirmed one gets its
 * confirmation link again instead (whoever registered it may not own it), and nothing about the
 * account changes.
 */
async function remindPassword(email: string, locale: Locale, origin?: string): Promise<void> {
  const env = getEnv();
  const db = await getDb();
  const log = getLogger();
  const user = await findUserByEmail(db, email);
  if (!user) {
    log.info('remind for an unknown e-mail');
    return;
  }
  if (!user.emailConfirmedAt) {
    log.info({ userId: user.id }, 'remind for an unconfirmed address: its confirmation link is sent instead');
    if (await db.transaction((tx) => queueConfirmation(tx, user, locale, origin))) wakeOutbox();
    return;
  }
  const smtpOn = Boolean(mailSettings(env));
  const password = smtpOn ? randomPassword() : undefined;
  const pendingHash = password ? await hashPassword(password) : undefined;
  const site = env.NEXT_PUBLIC_SITE_NAME;
  const text = password ? translate(locale, 'RemindMail', 'body', { site, password }) : translate(locale, 'RemindMail', 'notSent', { site });

  await db.transaction(async (tx) => {
    if (pendingHash) {
      await tx
        .update(users)
        .set({ pendingPasswordHash: pendingHash, pendingPasswordCreatedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
    }
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
  else log.warn({ userId: user.id }, 'remind e-mail not sent and no password set: SMTP_URL is not set');
}
