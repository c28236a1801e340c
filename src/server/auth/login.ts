import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/server/database';
import { sessions, users } from '@/db/schema';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { REMIND_PASSWORD_TTL_SECONDS } from './remind';
import { createSession } from './sessions';
import { findUserByEmail } from './users';

/**
 * Checks the password against the account's password and the one `remind` sent (for an hour);
 * using either drops the other, and using the reminded one ends the account's other sessions (it
 * is what someone does who lost access). Unknown e-mails cost the same time as wrong passwords.
 * Returns a new token.
 */
export async function loginUser(email: string, password: string): Promise<string | undefined> {
  const db = await getDb();
  const user = await findUserByEmail(db, email);
  if (!user) {
    await verifyPassword(password, await dummyPasswordHash());
    return undefined;
  }
  if (await verifyPassword(password, user.passwordHash)) {
    if (user.pendingPasswordHash) {
      await db.update(users).set({ pendingPasswordHash: null, pendingPasswordCreatedAt: null, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    }
    return createSession(user.id);
  }
  const pendingFresh = user.pendingPasswordCreatedAt !== null && Date.now() - user.pendingPasswordCreatedAt.getTime() < REMIND_PASSWORD_TTL_SECONDS * 1000;
  if (user.pendingPasswordHash && pendingFresh && (await verifyPassword(password, user.pendingPasswordHash))) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: user.pendingPasswordHash!, pendingPasswordHash: null, pendingPasswordCreatedAt: null, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    });
    return createSession(user.id);
  }
  return undefined;
}
