import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { findUserByEmail } from './users';

/**
 * Checks the password against the account's password and the one `remind` sent; using either
 * drops the other. Unknown e-mails cost the same time as wrong passwords. Returns a new token.
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
  if (user.pendingPasswordHash && (await verifyPassword(password, user.pendingPasswordHash))) {
    await db
      .update(users)
      .set({ passwordHash: user.pendingPasswordHash, pendingPasswordHash: null, pendingPasswordCreatedAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    return createSession(user.id);
  }
  return undefined;
}
