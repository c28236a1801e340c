import 'server-only';
import type { Db } from '@/db/client';
import { getLogger } from '../logger';
import type { Channel } from './channels/types';
import { claimDue, renewLease } from './claim';
import { digestLine, digestText, splitDigest } from './digest-text';
import { markDelivered, markFailed, putBack } from './outcome';

/** Most Telegram messages one drain puts into digests (a few messages of up to 4096 characters). */
const DIGEST_MAX_ROWS = 100;

/**
 * Sends a backlog of the sales chat as digests: claims up to DIGEST_MAX_ROWS due Telegram
 * messages (as the drain claims: leased, one attempt counted) and sends them as few messages as
 * fit Telegram's limit, one line per lead. Each message's rows are delivered, or go back with
 * the error and a backoff, together; a row another worker took meanwhile is left out. A part of
 * one row goes as that row's own message. Returns how many rows were claimed.
 */
export async function sendDigests(db: Db, channel: Channel, leaseSeconds: number, pausedUntil: Map<string, number>): Promise<number> {
  const claimed = await claimDue(db, { channel: 'telegram', limit: DIGEST_MAX_ROWS, leaseSeconds });
  const parts = splitDigest(claimed, (row) => digestLine(row.payload));
  for (const [index, part] of parts.entries()) {
    const pause = pausedUntil.get('telegram');
    if (pause && pause > Date.now()) {
      await putBack(db, part, pause);
      continue;
    }
    const rows = await renewLease(db, part, leaseSeconds);
    if (rows.length === 0) continue;
    const payload = rows.length === 1 ? rows[0]!.payload : { text: digestText(rows.map((row) => digestLine(row.payload)), { index, total: parts.length }) };
    try {
      await channel.send(payload);
      await markDelivered(db, rows);
      getLogger().info({ outboxId: rows.map((row) => row.id), channel: 'telegram', leads: rows.length }, 'outbox digest delivered');
    } catch (error) {
      await markFailed(db, rows, error, pausedUntil);
    }
  }
  return claimed.length;
}
