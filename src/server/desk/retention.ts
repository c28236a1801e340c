import 'server-only';
import type { Db } from '@/db/client';
import { describeError, getLogger } from '../logger';
import { compactSoon } from './erasure-compaction';
import { eraseLeadsOlderThan } from './lead-erase';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * LEADS_RETENTION_DAYS: erases the personal data of older leads at start and then every hour, and
 * rewrites the tables without them at most once a day
 * (in every instance: the erasure is idempotent, an erased lead is skipped). Unset: nothing runs.
 */
export function startLeadRetention(db: () => Promise<Db>, days: number | undefined): { stop(): void } {
  if (!days) return { stop() {} };
  const log = getLogger();
  let owed = false;
  let compactedAt = 0;
  const run = async () => {
    try {
      const erased = await eraseLeadsOlderThan(await db(), days);
      if (erased) {
        log.info({ erased, days }, 'lead retention: personal data of older leads erased');
        owed = true;
      }
      // The rewrite that takes the erased values out of the files holds lead inserts for seconds
      // (docs/design.md, «Erasure»): once a day for the leads that aged out, not every hour.
      if (owed && Date.now() - compactedAt >= DAY) {
        owed = false;
        compactedAt = Date.now();
        await compactSoon();
      }
    } catch (error) {
      log.error({ err: describeError(error) }, 'lead retention failed');
    }
  };
  void run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
