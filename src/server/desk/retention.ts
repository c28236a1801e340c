import 'server-only';
import type { Db } from '@/db/client';
import { describeError, getLogger } from '../logger';
import { eraseLeadsOlderThan } from './lead-erase';

const HOUR = 3_600_000;

/**
 * LEADS_RETENTION_DAYS: erases the personal data of older leads at start and then every hour
 * (in every instance: the erasure is idempotent, an erased lead is skipped). Unset: nothing runs.
 */
export function startLeadRetention(db: () => Promise<Db>, days: number | undefined): { stop(): void } {
  if (!days) return { stop() {} };
  const log = getLogger();
  const run = async () => {
    try {
      const erased = await eraseLeadsOlderThan(await db(), days);
      if (erased) log.info({ erased, days }, 'lead retention: personal data of older leads erased');
    } catch (error) {
      log.error({ err: describeError(error) }, 'lead retention failed');
    }
  };
  void run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
