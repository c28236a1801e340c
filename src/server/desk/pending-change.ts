import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { deskPendingChanges } from '@/db/schema';
import { getDb } from '@/server/database';
import { seal, unseal } from '../secret-key';
import type { DeskContext } from './desk-request';

/** How long a change waits for the password. */
const PENDING_MINUTES = 5;
/** Fields a staff form sends; anything else in a post is not kept. */
const KEPT_FIELDS = ['action', 'email', 'role', 'password', 'must_change', 'display_name'] as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const shaped = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);

export interface PendingChange {
  /** The account changed (undefined: a new one is added). */
  subjectId?: string;
  body: Record<string, string>;
}

/**
 * Keeps a staff change that waits for the step-up: its fields sealed, bound to this session,
 * for PENDING_MINUTES. Returns the token the confirmation page carries (random, 256 bits).
 */
export async function keepPendingChange(ctx: DeskContext, subjectId?: string): Promise<string> {
  const body: Record<string, string> = {};
  for (const name of KEPT_FIELDS) if (typeof ctx.body[name] === 'string') body[name] = (ctx.body[name] as string).slice(0, 1000);
  const token = randomBytes(32).toString('base64url');
  const db = await getDb();
  // Old ones go as new ones come: the table holds minutes of changes, not a history.
  await db.delete(deskPendingChanges).where(lt(deskPendingChanges.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(deskPendingChanges).values({
    tokenHash: hashToken(token),
    sessionId: ctx.session.sessionId,
    subjectId: subjectId ?? null,
    body: await seal('pending-change', JSON.stringify(body)),
    expiresAt: sql`now() + make_interval(mins => ${PENDING_MINUTES})`,
  });
  return token;
}

/**
 * Takes the change a token names, once: only in the session that made it, before it expires, and
 * not used before (the row is marked used in the same statement, so two posts cannot both take it).
 * A token that is malformed, unknown, of another session, expired or spent gives undefined.
 */
export async function takePendingChange(ctx: DeskContext, token: unknown): Promise<PendingChange | undefined> {
  if (!shaped(token)) return undefined;
  const db = await getDb();
  const [row] = await db
    .update(deskPendingChanges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(deskPendingChanges.tokenHash, hashToken(token)), eq(deskPendingChanges.sessionId, ctx.session.sessionId), isNull(deskPendingChanges.usedAt), gt(deskPendingChanges.expiresAt, sql`now()`)))
    .returning({ subjectId: deskPendingChanges.subjectId, body: deskPendingChanges.body });
  if (!row) return undefined;
  try {
    const body = JSON.parse(await unseal('pending-change', row.body)) as Record<string, string>;
    return { subjectId: row.subjectId ?? undefined, body };
  } catch {
    return undefined;
  }
}
