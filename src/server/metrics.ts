import 'server-only';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, register, type Registry } from 'prom-client';
import { outboxMessages } from '@/db/schema';
import { LEAD_KINDS } from '@/lib/leads/definitions';
import { getDb } from './database';
import { securityEventCounts } from './desk/security-log';
import { getEnv } from './env';
import { channelsFromEnv } from './outbox/config';
import { redisHealth } from './redis';

/**
 * The app's metrics (docs/decisions/021). They live in the app process's registry
 * (src/runtime/next-app.mjs puts it on globalThis, since Next bundles each route apart); the
 * edge asks for them over IPC and serves them with its own at /metrics. Under the tests, prom-client's
 * default registry. Each metric is made once per process, whichever bundle asks first.
 */
const globalForMetrics = globalThis as typeof globalThis & { __appMetricsRegistry?: Registry; __appMetrics?: AppMetrics };

const REFUSALS = ['validation', 'rate_limit', 'cross_site', 'honeypot', 'too_large', 'malformed'] as const;
type Refusal = (typeof REFUSALS)[number];

/** How long a scrape waits for the database before it calls it down (a black-holed connection hangs far longer). */
const DATABASE_READ_MS = 1500;

interface AppMetrics {
  leadsAccepted: Counter<'kind'>;
  refusals: Counter<'reason'>;
  deliveries: Counter<'channel'>;
  failures: Counter<'channel'>;
  telegram429: Counter;
  hashesRefused: Counter;
  dadataLookups: Counter<'outcome'>;
}

/**
 * How many password hashes wait for a slot: src/server/auth/passwords.ts reports its queue (each
 * bundle that holds a copy of that module, its own; the gauge adds them up).
 */
const globalForHashes = globalThis as typeof globalThis & { __appHashQueues?: Set<() => number> };
export function reportHashesWaiting(read: () => number): void {
  (globalForHashes.__appHashQueues ??= new Set()).add(read);
}
const hashesWaiting = () => [...(globalForHashes.__appHashQueues ?? [])].reduce((sum, read) => sum + read(), 0);

function metrics(): AppMetrics {
  if (globalForMetrics.__appMetrics) return globalForMetrics.__appMetrics;
  const registers = [globalForMetrics.__appMetricsRegistry ?? register];
  // The backlog of every channel the settings configure, 0 when it has none; absent (not the last
  // value read) when the database cannot be read: a stale gauge would keep an alert firing, or silent.
  new Gauge({
    name: 'epcsu_outbox_pending',
    help: 'Outbox messages not yet delivered, per channel (absent while the database cannot be read)',
    labelNames: ['channel'],
    registers,
    async collect() {
      const rows = await backlog();
      this.reset();
      for (const row of rows ?? []) this.set({ channel: row.channel }, row.pending);
    },
  });
  new Gauge({
    name: 'epcsu_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox message not yet delivered, per channel (absent while the database cannot be read)',
    labelNames: ['channel'],
    registers,
    async collect() {
      const rows = await backlog();
      this.reset();
      for (const row of rows ?? []) this.set({ channel: row.channel }, row.oldest);
    },
  });
  new Gauge({
    name: 'epcsu_database_up',
    help: 'Whether the database answered a select 1 within 1.5 s at this scrape (1) or not (0)',
    registers,
    async collect() {
      this.set((await databaseUp()) ? 1 : 0);
    },
  });
  new Counter({
    name: 'epcsu_security_events_total',
    help: 'Security events recorded by this process (failed logins, lockouts, second factors, staff changes…), by event',
    labelNames: ['event'],
    registers,
    collect() {
      this.reset();
      for (const [event, count] of Object.entries(securityEventCounts())) this.inc({ event }, count);
    },
  });
  new Gauge({
    name: 'epcsu_password_hashes_waiting',
    help: 'Password hashes waiting for one of the hashing slots',
    registers,
    collect() {
      this.set(hashesWaiting());
    },
  });
  // Redis (REDIS_URL), the shared rate-limit store: 1 answering, 0 not (each instance then counts
  // in its own memory); no series at all without REDIS_URL, where memory is the design.
  if (getEnv().REDIS_URL) {
    new Gauge({
      name: 'epcsu_redis_up',
      help: 'Whether Redis (the shared rate-limit store) answers: 1 yes, 0 no (rate limits counted in each instance meanwhile)',
      registers,
      collect() {
        this.set(redisHealth().state === 'up' ? 1 : 0);
      },
    });
  }
  globalForMetrics.__appMetrics = {
    leadsAccepted: new Counter({ name: 'epcsu_leads_accepted_total', help: 'Leads stored and queued for delivery, by kind', labelNames: ['kind'], registers }),
    refusals: new Counter({ name: 'epcsu_posts_refused_total', help: 'Public posts refused (or quietly dropped: honeypot), by reason', labelNames: ['reason'], registers }),
    deliveries: new Counter({ name: 'epcsu_outbox_delivered_total', help: 'Outbox messages delivered, per channel', labelNames: ['channel'], registers }),
    failures: new Counter({ name: 'epcsu_outbox_failures_total', help: 'Outbox send attempts that failed (each is retried), per channel', labelNames: ['channel'], registers }),
    telegram429: new Counter({ name: 'epcsu_telegram_rate_limited_total', help: 'Telegram answers 429 (Too Many Requests)', registers }),
    hashesRefused: new Counter({ name: 'epcsu_password_hashes_refused_total', help: 'Logins and registrations refused at once because too many password hashes were waiting', registers }),
    dadataLookups: new Counter({ name: 'epcsu_dadata_lookups_total', help: 'Company look-ups in DaData, by outcome (found, not_found, liquidated; timeout, refused, busy, failed: the details were typed by hand)', labelNames: ['outcome'], registers }),
  };
  // Series whose labels are known exist from the first scrape, at 0: rate() and the alerts then see
  // the first event after a restart, not a series that starts with it.
  const made = globalForMetrics.__appMetrics;
  for (const kind of LEAD_KINDS) made.leadsAccepted.inc({ kind }, 0);
  for (const reason of REFUSALS) made.refusals.inc({ reason }, 0);
  for (const channel of configuredChannels()) {
    made.deliveries.inc({ channel }, 0);
    made.failures.inc({ channel }, 0);
  }
  return made;
}

/** The outbox channels the settings configure (the worker's own list; building it sends nothing). */
function configuredChannels(): string[] {
  return Object.keys(channelsFromEnv(getEnv()));
}

/** Rejects when `work` has not settled within `ms` (its own rejection, if any, is then ignored). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function databaseUp(): Promise<boolean> {
  try {
    await within((async () => (await getDb()).execute(sql`select 1`))(), DATABASE_READ_MS);
    return true;
  } catch {
    return false;
  }
}

/**
 * The outbox backlog per channel, read once per scrape (both gauges ask within a moment);
 * undefined when the database could not be read in time.
 */
type BacklogRow = { channel: string; pending: number; oldest: number };
let lastBacklog: { at: number; rows: Promise<BacklogRow[] | undefined> } | undefined;
function backlog() {
  if (!lastBacklog || Date.now() - lastBacklog.at > 1000) {
    const read = (async () => {
      const db = await getDb();
      const found = await db
        .select({
          channel: outboxMessages.channel,
          pending: sql<number>`count(*)::int`,
          oldest: sql<number>`extract(epoch from (now() - min(${outboxMessages.createdAt})))::float8`,
        })
        .from(outboxMessages)
        .where(sql`${outboxMessages.status} = 'pending'`)
        .groupBy(outboxMessages.channel);
      const byChannel = new Map(found.map((row) => [row.channel, { channel: row.channel, pending: Number(row.pending), oldest: Math.max(0, Number(row.oldest)) }]));
      // A configured channel whose backlog emptied reads 0, not its last value.
      for (const channel of configuredChannels()) if (!byChannel.has(channel)) byChannel.set(channel, { channel, pending: 0, oldest: 0 });
      return [...byChannel.values()];
    })();
    const rows = within(read, DATABASE_READ_MS).catch(() => undefined);
    lastBacklog = { at: Date.now(), rows };
  }
  return lastBacklog.rows;
}

export const countLeadAccepted = (kind: string) => metrics().leadsAccepted.inc({ kind });
export const countRefusal = (reason: Refusal) => metrics().refusals.inc({ reason });
export const countDelivered = (channel: string, messages = 1) => metrics().deliveries.inc({ channel }, messages);
export const countFailure = (channel: string) => metrics().failures.inc({ channel });
export const countTelegramRateLimited = () => metrics().telegram429.inc();
export const countHashRefused = () => metrics().hashesRefused.inc();
export type DadataOutcome = 'found' | 'not_found' | 'liquidated' | 'timeout' | 'refused' | 'busy' | 'failed';
export const countDadataLookup = (outcome: DadataOutcome) => metrics().dadataLookups.inc({ outcome });

/** Makes every metric exist from the start (a scrape then shows zeros, not nothing). */
/** Under the tests: the metrics as a fresh process has them (none counted, made again when first asked for, no backlog read). */
export function resetMetricsForTests(): void {
  register.clear();
  globalForMetrics.__appMetrics = undefined;
  lastBacklog = undefined;
}

export function initMetrics(): void {
  metrics();
}
