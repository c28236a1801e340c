// `npm run bench:flood`: a flood of leads at a fixed rate, from many addresses, and proof that
// every lead answered 200 was stored and delivered. Loopback only, bounded in time:
// builds if needed, starts the production server on a free 127.0.0.1 port with a local Bot API
// stand-in (pacing off), posts buy/demo leads at a steady FLOOD_RATE per second (default 200,
// benchmarks/lib/steady-load.mjs) for FLOOD_SECONDS (default 60), each from its own X-Forwarded-For
// address (TRUST_PROXY=1), then waits for the outbox to drain (at most FLOOD_DRAIN_SECONDS,
// default 180). Prints accepted, p50/p99, the server's RSS before the load, every 10 s of it and
// after the drain, and delivered. Runs on the embedded database, and
// again on a throw-away PostgreSQL database when FLOOD_PG=1 (FLOOD_PG_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). Exits 1 when a 200-answered lead was not delivered
// (benchmarks/targets.mjs); FLOOD_RATE and FLOOD_SECONDS shorten or change a run, which is then not kept.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureBuild } from '../scripts/lib/build.mjs';
import { portOf } from '../tests/support/free-port.mjs';
import { healthDetails, startServer } from './lib/serve.mjs';
import { leadPost } from './lib/lead-load.mjs';
import { recordRun } from './lib/record-run.mjs';
import { steadyLoad } from './lib/steady-load.mjs';
import { meets } from './targets.mjs';

const rate = Number(process.env.FLOOD_RATE || 200);
const seconds = Number(process.env.FLOOD_SECONDS || 60);
const drainSeconds = Number(process.env.FLOOD_DRAIN_SECONDS || 180);
const pgAdminUrl = process.env.FLOOD_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Resident memory of a process in MiB, from /proc (Linux). @param {number | undefined} pid */
function rssMiB(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** The Bot API stand-in: answers 200 to every sendMessage and counts each lead's deliveries. */
async function startBot() {
  /** @type {Map<string, number>} */
  const deliveries = new Map();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const id = /flood-(\d+)/.exec(body)?.[1];
      if (id) deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true,"result":{"message_id":1}}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://127.0.0.1:${portOf(server)}`, deliveries, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** @param {string} label @param {Record<string, string>} extraEnv */
async function flood(label, extraEnv) {
  const bot = await startBot();
  const dataDir = mkdtempSync(join(tmpdir(), 'epcsu-flood-'));
  const server = await startServer({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    TELEGRAM_BOT_TOKEN: '1:flood',
    TELEGRAM_CHAT_ID: '-1',
    TELEGRAM_API_BASE: bot.url,
    TELEGRAM_MIN_INTERVAL_MS: '0',
    // One message per lead, as the stand-in counts them (and as the recorded figures were made).
    OUTBOX_DIGEST_THRESHOLD: '0',
    OUTBOX_POLL_MS: '1000',
    SMTP_URL: '',
    SALES_EMAIL: '',
    REDIS_URL: '',
    DATABASE_URL: '',
    ...extraEnv,
  });
  try {
    const rssStart = rssMiB(server.child.pid);
    let serial = 0;
    /** @type {(number | undefined)[]} */
    const rssEvery10s = [];
    const sampler = setInterval(() => rssEvery10s.push(rssMiB(server.child.pid)), 10_000);
    const result = await steadyLoad({
      url: `${server.url}/api/telega/send-mail`,
      rate,
      seconds,
      connections: 50,
      timeoutMs: 30_000,
      request: () => leadPost('flood', ++serial),
    });
    clearInterval(sampler);
    const accepted = new Set((result.statuses.get(200) ?? []).map(String));
    const rssEnd = rssMiB(server.child.pid);

    const drainStart = Date.now();
    let state;
    while (Date.now() - drainStart < drainSeconds * 1000) {
      state = await healthDetails(server.url);
      if (state?.outbox.pending === 0 && [...accepted].every((id) => bot.deliveries.has(id))) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const drained = ((Date.now() - drainStart) / 1000).toFixed(1);
    const rssDrained = rssMiB(server.child.pid);
    const lost = [...accepted].filter((id) => !bot.deliveries.has(id));
    const duplicates = [...bot.deliveries.values()].filter((count) => count > 1).length;
    const figures = {
      database: label,
      'rate/s': rate,
      seconds,
      sent: result.sent,
      'accepted (200)': accepted.size,
      'non-2xx': result.non2xx,
      'errors+timeouts': result.errors,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'max ms': result.max,
      'RSS start MiB': rssStart,
      'RSS every 10 s MiB': rssEvery10s.join(' '),
      'RSS end MiB': rssEnd,
      'RSS drained MiB': rssDrained,
      delivered: bot.deliveries.size,
      'accepted not delivered': lost.length,
      'duplicates': duplicates,
      'drain s': Number(drained),
      'outbox pending': state?.outbox.pending,
    };
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    await server.stop();
    await bot.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A throw-away database on the PostgreSQL server, dropped afterwards; undefined when it does not answer.
 * @template T @param {(url: string) => Promise<T>} work @returns {Promise<T | undefined>}
 */
async function withPostgres(work) {
  const name = `flood_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    console.log(`PostgreSQL does not answer at ${pgAdminUrl} (${error instanceof Error ? error.message : String(error)}): skipped.`);
    await admin.end().catch(() => {});
    return undefined;
  }
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

ensureBuild();
const runs = [await flood('PGlite (embedded)', {})];
if (process.env.FLOOD_PG === '1') {
  const figures = await withPostgres((url) => flood('PostgreSQL', { DATABASE_URL: url }));
  if (figures) runs.push(figures);
}
console.table(runs);
const lost = runs.reduce((sum, figures) => sum + figures['accepted not delivered'], 0);
recordRun('bench:flood', { 'leads-lost': lost }, { shortenedBy: ['FLOOD_RATE', 'FLOOD_SECONDS'], settings: runs.map((figures) => figures.database).join(', ') });
const failed = runs.filter((figures) => !meets('leads-lost', figures['accepted not delivered']));
if (failed.length) {
  console.error(`Lost leads: ${failed.map((figures) => `${figures.database}: ${figures['accepted not delivered']}`).join(', ')}`);
  process.exit(1);
}
console.log('Every 200-answered lead was stored and delivered.');
