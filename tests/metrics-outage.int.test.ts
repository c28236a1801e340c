import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';
import { startBotApiStub, type BotApiStub } from './support/bot-api-stub';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { waitFor } from './support/wait-for';

/**
 * /metrics while PostgreSQL is gone (docs/decisions/043-monitoring-and-backups.md), with the production server as a process
 * and PostgreSQL behind a TCP proxy the test cuts: the scrape still answers, says
 * `epcsu_database_up 0` and gives no outbox backlog at all (not the values from before the
 * outage); once the database is back, both return. Needs TEST_DATABASE_URL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = 'outage-metrics-token-0123456789';

describe.skipIf(!adminUrl)('/metrics during a database outage', () => {
  const name = `f44_monitor_${randomBytes(4).toString('hex')}`;
  let admin: import('pg').Client;
  let proxy: TcpProxy;
  let bot: BotApiStub;
  let server: AppServer;

  beforeAll(async () => {
    const { Client } = await import('pg');
    admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const target = new URL(adminUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(adminUrl!);
    url.host = `${proxy.host}:${proxy.port}`;
    url.pathname = `/${name}`;
    bot = await startBotApiStub();
    server = await startAppServer({
      DATABASE_URL: url.toString(),
      TRUST_PROXY: '1',
      TELEGRAM_BOT_TOKEN: '555:outage-metrics',
      TELEGRAM_CHAT_ID: '-1003',
      TELEGRAM_API_BASE: bot.url,
      TELEGRAM_MIN_INTERVAL_MS: '0',
      OUTBOX_POLL_MS: '200',
      SMTP_URL: '',
      SALES_EMAIL: '',
      METRICS_TOKEN,
      LOG_LEVEL: 'silent',
    });
  }, 600_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await bot?.close();
    await proxy?.close();
    await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin?.end();
  });

  const scrape = async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    return { text: await response.text(), ms: Math.round(performance.now() - started) };
  };
  const lines = (text: string, metric: string) => text.split('\n').filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `));

  it('says the database is down and gives no outbox gauge while it is, then both come back', { timeout: 120_000 }, async () => {
    const lead = await fetch(`${server.url}/api/telega/send-mail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-Forwarded-For': '198.51.100.44' },
      body: JSON.stringify({ t: 'btn_demo', lang: 'en', name: 'Outage metrics', phone: '+79123456789', email: 'outage@example.com', t_client: 1, consent: true }),
    });
    expect(lead.status).toBe(200);
    await waitFor(() => bot.messages.length === 1, 20_000, 'the lead in the chat');
    await waitFor(async () => lines((await scrape()).text, 'epcsu_outbox_pending').some((line) => line.includes('channel="telegram"') && line.endsWith(' 0')), 10_000, 'the backlog read as 0');
    const before = (await scrape()).text;
    expect(lines(before, 'epcsu_database_up')).toEqual(['epcsu_database_up{process="app"} 1']);

    proxy.setMode('cut');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const during = await scrape();
    console.info(`scrape during the cut: ${during.ms} ms`);
    expect(lines(during.text, 'epcsu_database_up')).toEqual(['epcsu_database_up{process="app"} 0']);
    expect(lines(during.text, 'epcsu_outbox_pending')).toEqual([]);
    expect(lines(during.text, 'epcsu_outbox_oldest_pending_age_seconds')).toEqual([]);
    // Counters stay: they are the process's, not the database's.
    expect(lines(during.text, 'epcsu_leads_accepted_total').some((line) => line.includes('kind="btn_demo"') && line.endsWith(' 1'))).toBe(true);

    proxy.setMode('pass');
    await waitFor(async () => lines((await scrape()).text, 'epcsu_database_up').includes('epcsu_database_up{process="app"} 1'), 30_000, 'the database up again');
    await waitFor(async () => lines((await scrape()).text, 'epcsu_outbox_pending').some((line) => line.includes('channel="telegram"') && line.endsWith(' 0')), 10_000, 'the backlog back');
  });
});
