import 'server-only';
import { closeDb, getDb, getDbHandle } from '@/server/database';
import { startRenewalReminders } from '../billing/renewal-reminders';
import { ensureDeskAdmin, prepareDesk } from '../desk/bootstrap';
import { startLeadAlerts } from '../desk/lead-alerts';
import { startLeadRetention } from '../desk/retention';
import { sealStoredTotpSecrets } from '../desk/second-factor';
import { getEnv } from '../env';
import { describeError, getLogger } from '../logger';
import { initMetrics } from '../metrics';
import { channelsFromEnv, leadChannels, mailSettings } from '../outbox/config';
import { databasePacer } from '../outbox/pacer';
import { startOutboxWorker } from '../outbox/worker';
import { captureRootContext } from './root-context';
import { onShutdown } from './shutdown';

const globalForStart = globalThis as typeof globalThis & { __appStarted?: boolean };

/**
 * Start-up of the server process (instrumentation.ts): open and migrate the database, say which
 * delivery channels are on, start the outbox worker, and register their shutdown.
 */
export async function startServerProcess(): Promise<void> {
  if (globalForStart.__appStarted) return;
  globalForStart.__appStarted = true;
  captureRootContext();
  initMetrics();
  const env = getEnv();
  const log = getLogger();

  try {
    const handle = await getDbHandle();
    log.info({ database: handle.kind, dataDir: handle.kind === 'pglite' ? env.DATA_DIR : undefined }, 'database ready, migrations applied');
  } catch (error) {
    // A migration that fails stops the start: the code would run on a schema it does not know.
    // (The app process ends; the edge sees it and exits 1 with the message above it.)
    if (error instanceof Error && error.name === 'MigrationError') {
      log.fatal({ err: describeError(error) }, 'stopping: a database migration failed; fix it (or restore the database) and start again, or run `npm run db:migrate` to see it alone');
      log.flush();
      process.exit(1);
    }
    // Keep serving pages; the health check says the database is down and the API answers 503.
    log.error({ err: describeError(error) }, 'database unavailable at start');
  }

  // Once: now, or as soon as the database answers when it was down at start.
  const desk = await prepareDesk(getDb, async (db) => {
    await ensureDeskAdmin(db);
    await sealStoredTotpSecrets(db);
  });
  onShutdown(desk.stop);

  const channels = leadChannels(env);
  if (channels.length) log.info({ channels }, `lead delivery channels on: ${channels.join(', ')}`);
  else log.warn('no lead delivery channel is configured (TELEGRAM_*, SMTP_URL + SALES_EMAIL, BITRIX24_WEBHOOK_URL, AMOCRM_*, WEBHOOK_*): leads are stored and logged only');
  if (!mailSettings(env)) log.warn('SMTP_URL is not set: password reminder e-mails are stored, not sent; invoices and renewal reminders are not e-mailed');

  const worker = startOutboxWorker({
    db: getDb,
    // The invoice PDF a buyer's e-mail carries: its renderer loads with the first such e-mail.
    channels: channelsFromEnv(env, databasePacer(getDb), async (invoice) => (await import('../billing/invoice-pdf')).invoicePdf(invoice)),
    pollMs: env.OUTBOX_POLL_MS,
    leaseSeconds: env.OUTBOX_LEASE_SECONDS,
    digestThreshold: env.OUTBOX_DIGEST_THRESHOLD,
  });
  const retention = startLeadRetention(getDb, env.LEADS_RETENTION_DAYS);
  const reminders = startRenewalReminders(getDb, env);
  const alerts = startLeadAlerts(getDb, env);
  onShutdown(async () => {
    retention.stop();
    reminders.stop();
    alerts.stop();
    await worker.stop();
    await closeDb();
  });
}
