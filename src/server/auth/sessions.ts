import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { sessions, users, type User } from '@/db/schema';
import { getEnv } from '../env';
import { sessionTokens } from './session-tokens';
import { bearerToken as tokenOfHeader } from '@/site/bearer.mjs';

const SESSION_DAYS = 30;

/** Customers' sessions: Bearer tokens, 30 days at most, SESSION_IDLE_DAYS (default 7) unused. */
const tokens = sessionTokens({
  table: sessions,
  idle: () => sql`make_interval(days => ${getEnv().SESSION_IDLE_DAYS})`,
  shaped: (token) => token.length > 0,
});

/** A new 256-bit opaque token for the user; only its SHA-256 is stored. Valid 30 days. */
export function createSession(userId: string): Promise<string> {
  return tokens.mint({ userId, expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})` });
}

/** The bearer token of a request, if any. */
export function bearerToken(request: Request): string | undefined {
  const token = tokenOfHeader(request.headers.get('authorization'));
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

/**
 * The account of a valid token: unexpired (30 days), unrevoked, and used within the last
 * SESSION_IDLE_DAYS (default 7); each use counts as the last one.
 */
export async function userForToken(token: string | undefined): Promise<User | undefined> {
  const row = await tokens.lookUp(token, async (db, match) => {
    const [found] = await db
      .select({ user: users, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(match, gt(sessions.expiresAt, sql`now()`)))
      .limit(1);
    return found;
  });
  return row?.user;
}

/** Revokes a token (sign-out). Unknown tokens are ignored. */
export const revokeSession = (token: string) => tokens.revoke(token);
