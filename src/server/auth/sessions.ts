import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/server/database';
import { sessions, users, type User } from '@/db/schema';
import { getEnv } from '../env';

const SESSION_DAYS = 30;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new 256-bit opaque token for the user; only its SHA-256 is stored. Valid 30 days. */
export async function createSession(userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})`,
  });
  return token;
}

/** The bearer token of a request, if any. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(header);
  return match?.[1];
}

/**
 * The account of a valid token: unexpired (30 days), unrevoked, and used within the last
 * SESSION_IDLE_DAYS (default 7); each use counts as the last one.
 */
export async function userForToken(token: string | undefined): Promise<User | undefined> {
  if (!token) return undefined;
  const db = await getDb();
  const idleDays = getEnv().SESSION_IDLE_DAYS;
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(days => ${idleDays})`),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  await db.update(sessions).set({ lastUsedAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
  return row.user;
}

/** Revokes a token (sign-out). Unknown tokens are ignored. */
export async function revokeSession(token: string): Promise<void> {
  const db = await getDb();
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
