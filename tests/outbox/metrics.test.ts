import { sql } from 'drizzle-orm';
import { register } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { LEAD_KINDS } from '@/lib/leads/definitions';
import { setDbForTests } from '@/server/database';
import { recordSecurityEvent } from '@/server/desk/security-log';
import { setEnvForTests } from '@/server/env';
import { initMetrics } from '@/server/metrics';
import { testDatabases, useTestDb } from '../support/test-db';

/**
 * What the app's /metrics says of the outbox and the database (docs/decisions/043-monitoring-and-backups.md): every
 * configured channel's backlog back to 0 once it drains, the gauges absent (not their last value)
 * while the database cannot be read, epcsu_database_up, the counters of known labels at 0 from the
 * first scrape, and the security events exported.
 */
const CHANNELS = ['telegram', 'bitrix24', 'webhook', 'webhook-event'];

/** Samples of one metric: `{labels} value` per line, by the labels' text. */
async function samples(name: string, scraped?: string): Promise<Map<string, number>> {
  const text = scraped ?? (await register.metrics());
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`).exec(line);
    if (match) found.set(match[1] ?? '', Number(match[2]));
  }
  return found;
}
/** The backlog gauges are read once a second at most: each step waits that out. */
const nextScrape = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe.each(testDatabases())('metrics on %s', (kind) => {
  const database = useTestDb(kind);
  beforeAll(() => {
    setEnvForTests({
      TELEGRAM_BOT_TOKEN: '555:metrics',
      TELEGRAM_CHAT_ID: '-1003',
      SMTP_URL: '',
      SALES_EMAIL: '',
      BITRIX24_WEBHOOK_URL: 'https://crm.example/rest/1/abc/',
      WEBHOOK_URL: 'https://hooks.example/lead',
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    initMetrics();
  });
  afterAll(() => setEnvForTests());

  it('has every known series at 0 from the first scrape', async () => {
    const accepted = await samples('epcsu_leads_accepted_total');
    for (const leadKind of LEAD_KINDS) expect(accepted.get(`{kind="${leadKind}"}`), leadKind).toBe(0);
    expect(LEAD_KINDS.length).toBeGreaterThanOrEqual(5);
    for (const name of ['epcsu_outbox_delivered_total', 'epcsu_outbox_failures_total']) {
      const series = await samples(name);
      for (const channel of CHANNELS) expect(series.get(`{channel="${channel}"}`), `${name} ${channel}`).toBe(0);
      expect(series.has('{channel="email"}')).toBe(false);
    }
    const refused = await samples('epcsu_posts_refused_total');
    for (const reason of ['validation', 'rate_limit', 'cross_site', 'honeypot', 'too_large', 'malformed']) expect(refused.get(`{reason="${reason}"}`)).toBe(0);
    // Present from the start (0 in the first block; the process's count so far in the next).
    const security = await samples('epcsu_security_events_total');
    for (const event of ['login.lockout', 'customer.lockout', 'login.failed', 'secondFactor.failed']) expect(security.get(`{event="${event}"}`), event).toBeTypeOf('number');
    if (kind === testDatabases()[0]) expect(security.get('{event="login.lockout"}')).toBe(0);
  });

  it('counts each security event recorded, by its name', async () => {
    const before = await samples('epcsu_security_events_total');
    await recordSecurityEvent('login.lockout', { detail: { login: 'metrics' } });
    await recordSecurityEvent('customer.lockout', { detail: { userId: 'metrics' } });
    await recordSecurityEvent('customer.lockout', { detail: { userId: 'metrics' } });
    const after = await samples('epcsu_security_events_total');
    expect(after.get('{event="login.lockout"}')! - before.get('{event="login.lockout"}')!).toBe(1);
    expect(after.get('{event="customer.lockout"}')! - before.get('{event="customer.lockout"}')!).toBe(2);
    expect(after.get('{event="staff.created"}')).toBe(before.get('{event="staff.created"}'));
  });

  it('brings every configured channel back to 0 once its backlog drains', async () => {
    const { db } = database.handle;
    await db.insert(outboxMessages).values(['bitrix24', 'bitrix24', 'webhook', 'telegram'].map((channel) => ({ channel, payload: { kind: 'metrics' }, createdAt: new Date(Date.now() - 60_000) })));
    await nextScrape();
    const pending = await samples('epcsu_outbox_pending');
    expect(pending.get('{channel="bitrix24"}')).toBe(2);
    expect(pending.get('{channel="webhook"}')).toBe(1);
    expect(pending.get('{channel="webhook-event"}')).toBe(0);
    expect((await samples('epcsu_outbox_oldest_pending_age_seconds')).get('{channel="bitrix24"}')).toBeGreaterThanOrEqual(59);

    await db.update(outboxMessages).set({ status: 'delivered', deliveredAt: new Date() });
    await nextScrape();
    for (const name of ['epcsu_outbox_pending', 'epcsu_outbox_oldest_pending_age_seconds']) {
      const drained = await samples(name);
      for (const channel of CHANNELS) expect(drained.get(`{channel="${channel}"}`), `${name} ${channel}`).toBe(0);
    }
    expect((await samples('epcsu_database_up')).get('')).toBe(1);
  });

  it('drops the outbox gauges and says the database is down while it cannot be read, then comes back', async () => {
    const { db } = database.handle;
    await db.insert(outboxMessages).values({ channel: 'bitrix24', payload: { kind: 'metrics' } });
    await nextScrape();
    expect((await samples('epcsu_outbox_pending')).get('{channel="bitrix24"}')).toBe(1);

    // A database that refuses at once, then one that never answers (a black-holed connection).
    // Any query built on it (select().from()…, execute()) fails or hangs when awaited.
    const failing = (query: () => Promise<never>): DbHandle => {
      const chain: object = new Proxy(() => undefined, {
        get: (_, property) => (property === 'then' ? (resolve: never, reject: (error: unknown) => void) => query().then(resolve, reject) : () => chain),
        apply: () => chain,
      });
      return { ...database.handle, db: chain as DbHandle['db'] };
    };
    for (const broken of [failing(() => Promise.reject(new Error('connection refused'))), failing(() => new Promise<never>(() => undefined))]) {
      setDbForTests(broken);
      await nextScrape();
      const started = performance.now();
      const text = await register.metrics();
      // Bounded: a scrape never waits on the database for long.
      expect(performance.now() - started).toBeLessThan(2500);
      expect((await samples('epcsu_outbox_pending', text)).size).toBe(0);
      expect((await samples('epcsu_outbox_oldest_pending_age_seconds', text)).size).toBe(0);
      expect((await samples('epcsu_database_up', text)).get('')).toBe(0);
    }

    setDbForTests(database.handle);
    await nextScrape();
    expect((await samples('epcsu_database_up')).get('')).toBe(1);
    expect((await samples('epcsu_outbox_pending')).get('{channel="bitrix24"}')).toBe(1);
    await db.execute(sql`delete from outbox_messages`);
  });
});
