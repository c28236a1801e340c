import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { getDb } from '@/server/database';

/** What every session table has: customers' `sessions` and staff's `staff_sessions`. */
type SessionTable = PgTable & { id: PgColumn; tokenHash: PgColumn; lastUsedAt: PgColumn; revokedAt: PgColumn };

/** The rules of one kind of session: its table, how long unused it lives, what its tokens look like. */
export interface SessionRules<T extends SessionTable> {
  table: T;
  /** How long a session lasts unused: an interval (`make_interval(…)`), read at each look-up. */
  idle: () => SQL;
  /** A token of this kind at all (else the database is not asked). */
  shaped: (token: string) => boolean;
}

/** A new row's own columns (the token's hash is added), each a value or an SQL expression. */
type SessionRow<T extends SessionTable> = { [K in keyof Omit<T['$inferInsert'], 'tokenHash'>]: Omit<T['$inferInsert'], 'tokenHash'>[K] | SQL };

/** The stored form of a token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Session tokens, one way for both kinds of session: 256 random bits (base64url) given to the
 * browser once, only their SHA-256 stored; a token works while its row is unrevoked and used
 * within the kind's idle limit (plus whatever the kind adds), each use counting as the last one;
 * revoking stops it on the server whatever the browser keeps.
 */
export function sessionTokens<T extends SessionTable>(rules: SessionRules<T>) {
  const { table } = rules;
  // Generic over the two tables: drizzle cannot check column names of a table it does not know.
  const values = (row: Record<string, unknown>) => row as never;

  /** Unrevoked and used within the idle limit. */
  const live = (): SQL => and(isNull(table.revokedAt), gt(table.lastUsedAt, sql`now() - ${rules.idle()}`))!;

  return {
    live,

    /** A new session row with a fresh token; the token is returned, its hash stored. */
    async mint(row: SessionRow<T>): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const db = await getDb();
      await db.insert(table).values(values({ ...row, tokenHash: hashToken(token) }));
      return token;
    },

    /**
     * The session of a token: `find` reads the row (with what the kind joins and checks) where
     * `match` holds (this token, live); a row found counts as a use.
     */
    async lookUp<R extends { sessionId: string }>(token: string | undefined, find: (db: Db, match: SQL) => Promise<R | undefined>): Promise<R | undefined> {
      if (!token || !rules.shaped(token)) return undefined;
      const db = await getDb();
      const row = await find(db, and(eq(table.tokenHash, hashToken(token)), live())!);
      if (!row) return undefined;
      await db.update(table).set(values({ lastUsedAt: sql`now()` })).where(eq(table.id, row.sessionId));
      return row;
    },

    /** Sign-out: the token stops working. Unknown or already revoked tokens are ignored. */
    async revoke(token: string): Promise<void> {
      const db = await getDb();
      await db.update(table).set(values({ revokedAt: sql`now()` })).where(and(eq(table.tokenHash, hashToken(token)), isNull(table.revokedAt)));
    },
  };
}
