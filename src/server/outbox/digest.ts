import 'server-only';
import type { Db } from '@/db/client';
import { getLogger } from '../logger';
import type { Channel } from './channels/types';
import { claimDue, renewLease, type OutboxRow } from './claim';
import { digestLine, digestText, markedAsRepeat, splitDigest } from './digest-text';
import { putBack } from './outcome';
import { sendAndSettle, type DrainRun } from './settle';

/** Most Telegram messages one drain puts into digests (a few messages of up to 4096 characters). */
const DIGEST_MAX_ROWS = 100;

/**
 * Sends a backlog of the sales chat as digests: claims up to DIGEST_MAX_ROWS due Telegram
 * messages (as the drain claims: leased, one attempt counted) and sends them as few messages as
 * fit Telegram's limit, one line per lead. Each message's rows are delivered, or go back with
 * the error and a backoff, together; a row another worker took meanwhile is left out. A part of
 * one row goes as that row's own message, and so does a message that may be in the chat already
 * (a possible repeat: never inside a digest, marked as such). Returns how many rows were claimed.
 */
export async function sendDigests(db: Db, channel: Channel, run: DrainRun): Promise<number> {
  const claimed = await claimDue(db, { channel: 'telegram', limit: DIGEST_MAX_ROWS, leaseSeconds: run.leaseSeconds });
  const fresh = claimed.filter((row) => !row.possibleRepeat);
  const parts = splitDigest(fresh, (row) => digestLine(row.payload));
  const alone = claimed.filter((row) => row.possibleRepeat).map((row) => [row]);
  for (const [index, part] of [...parts, ...alone].entries()) {
    if (run.down) break;
    const pause = run.pausedUntil.get('telegram');
    if (pause && pause > Date.now()) {
      await putBack(db, part, pause);
      continue;
    }
    const rows = await renewLease(db, part, run.leaseSeconds);
    if (rows.length === 0) continue;
    const delivered = await sendAndSettle(db, rows, run, () => channel.send(payloadOf(rows, { index, total: parts.length }), undefined, { maxWaitMs: run.maxWaitMs }));
    if (delivered) getLogger().info({ outboxId: rows.map((row) => row.id), channel: 'telegram', leads: rows.length }, 'outbox digest delivered');
  }
  return claimed.length;
}

/** One row: its own message (marked when it may be a repeat); several: their digest. */
function payloadOf(rows: OutboxRow[], part: { index: number; total: number }): Record<string, unknown> {
  if (rows.length === 1) return rows[0]!.possibleRepeat ? markedAsRepeat(rows[0]!.payload) : rows[0]!.payload;
  return { text: digestText(rows.map((row) => digestLine(row.payload)), part) };
}
