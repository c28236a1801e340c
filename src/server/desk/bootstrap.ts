import 'server-only';
import type { Db } from '@/db/client';
import { getEnv } from '../env';
import { describeError, getLogger } from '../logger';
import { createStaff, findStaffByEmail, hasActiveAdmin } from './staff';

/**
 * At start: when DESK_ADMIN_EMAIL/DESK_ADMIN_PASSWORD are set and no enabled admin exists, the
 * first admin is created with that password (its strength was checked with the settings, so a
 * weak one already stopped the start). An existing account of that e-mail is left as it is.
 */
export async function ensureDeskAdmin(db: Db): Promise<'created' | 'exists' | 'unset'> {
  const { DESK_ADMIN_EMAIL: email, DESK_ADMIN_PASSWORD: password } = getEnv();
  if (!email || !password) return 'unset';
  if ((await hasActiveAdmin(db)) || (await findStaffByEmail(db, email))) return 'exists';
  const created = await createStaff(db, email, 'admin', password);
  if (created.ok) getLogger().info('sales desk: first admin created from DESK_ADMIN_EMAIL');
  return created.ok ? 'created' : 'exists';
}

/** Waits between tries of the desk's start-up work while the database does not answer. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * The desk's start-up work (the first admin from the settings, the sealing of stored TOTP
 * secrets), done once: tried at once, and while the database does not answer (down at start) tried
 * again with backoff until it has been done. Resolves after the first try; `stop` ends the retries.
 */
export async function prepareDesk(getDb: () => Promise<Db>, work: (db: Db) => Promise<unknown>): Promise<{ stop: () => void }> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wait = RETRY_FIRST_MS;
  const attempt = async (): Promise<void> => {
    try {
      await work(await getDb());
    } catch (error) {
      if (stopped) return;
      getLogger().warn({ err: describeError(error), retryInMs: wait }, 'sales desk: start-up work waits for the database');
      timer = setTimeout(() => void attempt(), wait);
      timer.unref();
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    }
  };
  await attempt();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
