import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailConfirmations, outboxMessages, users, type User } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { getEnv } from '../env';
import { translate } from '../i18n';
import { escapeHtml } from '../notify/mailer';
import { mailSettings } from '../outbox/config';
import { hashToken } from './session-tokens';

/** How long a confirmation link works. */
const CONFIRM_LINK_HOURS = 72;

/**
 * Queues, in the caller's transaction, the e-mail that asks the account's owner to confirm the
 * address: a new single-use link (256 random bits, only its SHA-256 stored, CONFIRM_LINK_HOURS)
 * to `origin/api/auth/confirm?token=…&lang=…`. Older unused links of the account keep working
 * until they expire. With SMTP off nothing could deliver it: no link is made and the held message
 * says so. Returns whether a message waits for delivery (wake the outbox after the commit).
 */
export async function queueConfirmation(tx: Db, user: Pick<User, 'id' | 'email'>, locale: Locale, origin: string | undefined): Promise<boolean> {
  const env = getEnv();
  const site = env.NEXT_PUBLIC_SITE_NAME;
  const smtpOn = Boolean(mailSettings(env));
  let text = translate(locale, 'ConfirmMail', 'notSent', { site });
  if (smtpOn) {
    const token = randomBytes(32).toString('base64url');
    await tx.insert(emailConfirmations).values({
      userId: user.id,
      email: user.email,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(hours => ${CONFIRM_LINK_HOURS})`,
    });
    const link = `${origin ?? ''}/api/auth/confirm?${new URLSearchParams({ token, lang: locale })}`;
    text = translate(locale, 'ConfirmMail', 'body', { site, link, hours: CONFIRM_LINK_HOURS });
  }
  await tx.insert(outboxMessages).values({
    channel: 'email',
    status: smtpOn ? 'pending' : 'held',
    payload: {
      to: user.email,
      subject: translate(locale, 'ConfirmMail', 'subject', { site }),
      text,
      html: `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>`,
      // Carries a link that confirms the address: the worker blanks the body once it is delivered.
      sensitive: true,
    },
  });
  return smtpOn;
}

/**
 * Opens a confirmation link: an unused, unexpired link sent to the account's present address
 * marks the address confirmed and is used up (one statement: two clicks at once confirm once).
 * Returns the account whose address the link confirmed (an already confirmed one too, once).
 */
export async function confirmEmail(db: Db, token: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailConfirmations.tokenHash, hashToken(token)), isNull(emailConfirmations.usedAt), gt(emailConfirmations.expiresAt, sql`now()`)))
      .returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
    if (!link) return undefined;
    const [confirmed] = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = lower(${link.email})`))
      .returning({ id: users.id });
    return confirmed?.id;
  });
}
