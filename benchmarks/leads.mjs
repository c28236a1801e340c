// `npm run bench:leads`: how many leads per second the production server accepts, at what
// latency, and whether the outbox delivers them all. Loopback only, bounded in time:
// builds if needed (scripts/start.mjs), starts the server on a free 127.0.0.1 port with a local
// Bot API stand-in, posts buy/demo leads with autocannon at rising concurrency, then waits for
// the outbox to drain and counts what reached the stand-in.
//
// BENCH_DURATION (s per stage, default 10), BENCH_CONCURRENCY (default 10,50,100), then a stage at
// BENCH_STEADY_RATE leads a second (default 100),
// BENCH_TELEGRAM_INTERVAL_MS (per-chat pacing, default 0 = measure the outbox itself;
// production uses 1000, i.e. about one message a second per chat). Each stage is then run again
// with two staff working the sales desk beside it (BENCH_DESK_BESIDE=0: not). Keeps the count of
// leads accepted but not delivered (benchmarks/targets.mjs) unless a size or the pacing was changed.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, portOf } from '../tests/support/free-port.mjs';
import { deskAdminEnv, startDeskUse } from './lib/desk-beside.mjs';
import { leadRequests } from './lib/lead-load.mjs';
import { recordRun } from './lib/record-run.mjs';
import { BENCH_HEALTH_TOKEN, healthDetails } from './lib/serve.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const duration = Number(process.env.BENCH_DURATION || 10);
const stages = (process.env.BENCH_CONCURRENCY || '10,50,100').split(',').map(Number);


// The Bot API stand-in: accepts every sendMessage and counts distinct leads.
const delivered = new Set();
const bot = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    try {
      const text = JSON.parse(body).text ?? '';
      delivered.add(/bench-(\d+)/.exec(text)?.[1] ?? text);
    } catch {
      // counted as nothing
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true,"result":{}}');
  });
});
await new Promise((resolve) => bot.listen(0, '127.0.0.1', () => resolve(undefined)));
const botUrl = `http://127.0.0.1:${portOf(bot)}`;

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'epcsu-bench-'));
const env = { ...process.env };
// (Not `delete env.NODE_ENV`: Next.js's types make NODE_ENV a property process.env always has.)
Reflect.deleteProperty(env, 'NODE_ENV');
Object.assign(env, {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
  HEALTH_TOKEN: BENCH_HEALTH_TOKEN,
  TELEGRAM_BOT_TOKEN: '1:bench',
  TELEGRAM_CHAT_ID: '-1',
  TELEGRAM_API_BASE: botUrl,
  TELEGRAM_MIN_INTERVAL_MS: process.env.BENCH_TELEGRAM_INTERVAL_MS || '0',
  OUTBOX_POLL_MS: '1000',
  // One message per lead, as the stand-in counts them (and as the recorded figures were made).
  OUTBOX_DIGEST_THRESHOLD: '0',
  ...deskAdminEnv,
});
const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
const base = `http://127.0.0.1:${port}`;

const health = () => healthDetails(base, 3000);

let stopped = false;
/** @param {number} code */
async function stop(code) {
  if (stopped) return;
  stopped = true;
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  bot.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stop(130));
server.once('exit', (code) => {
  if (!stopped) {
    console.error(`server exited (${code})`);
    void stop(1);
  }
});

const upBy = Date.now() + 600_000;
for (;;) {
  try {
    if (await health()) break;
  } catch {
    // not up yet
  }
  if (Date.now() > upBy) {
    console.error('server did not start');
    await stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** @type {Set<string>} */
const acceptedSerials = new Set();
const serials = { serial: 0 };
/** @type {Record<string, string | number>[]} */
const rows = [];
/**
 * One stage of lead posts at `connections`, as fast as they go or, with `rate`, that many a second
 * in all; `label` names it in the table.
 * @param {number} connections @param {string | number} [label] @param {number} [rate]
 */
async function stage(connections, label = connections, rate = undefined) {
  const result = await autocannon({
    url: `${base}/api/telega/send-mail`,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: leadRequests('bench', acceptedSerials, serials),
  });
  rows.push({
    connections: label,
    'accepted/s': Math.round(result['2xx'] / duration),
    accepted: result['2xx'],
    refused: result.non2xx,
    errors: result.errors + result.timeouts,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
  });
  console.log(`concurrency ${label}: ${Math.round(result['2xx'] / duration)} accepted/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
}
// The stages as fast as the connections go, then at a steady rate (a busy day's peak many times
// over): there the desk's effect shows in the latency rather than in what is left of the CPU.
const steadyRate = Number(process.env.BENCH_STEADY_RATE || 100);
/** @type {{ connections: number; label: string; rate?: number }[]} */
const runs = [...stages.map((connections) => ({ connections, label: String(connections) })), { connections: 10, label: `${steadyRate}/s`, rate: steadyRate }];
const deskWork = [];
for (const { connections, label, rate } of runs) {
  await stage(connections, label, rate);
  if (process.env.BENCH_DESK_BESIDE === '0') continue;
  const desk = await startDeskUse(base);
  await stage(connections, `${label} + desk`, rate);
  deskWork.push({ label, ...(await desk.stop()) });
}

// Let the outbox catch up (bounded), then count what reached the Bot API stand-in.
const drainStart = Date.now();
const drainBy = drainStart + 120_000;
let backlog;
while (Date.now() < drainBy) {
  backlog = await health().catch(() => undefined);
  if (backlog && backlog.outbox.pending === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const drainSeconds = ((Date.now() - drainStart) / 1000).toFixed(1);

console.table(rows);
for (const work of deskWork) {
  console.log(
    `beside stage ${work.label} + desk, two staff on the sales desk: ${work.requests} desk answers (list, search, CSV export of every lead in turn; ` +
      `${work.exportedRows} rows exported), ${work.refused} not 200`,
  );
}
const lost = [...acceptedSerials].filter((id) => !delivered.has(id)).length;
console.log(
  `accepted (200) leads: ${acceptedSerials.size}; delivered to the Bot API stand-in: ${delivered.size} ` +
    `(includes leads whose answer the client gave up on or never read at the end of a stage); ` +
    `accepted but not delivered: ${lost}; outbox pending: ${backlog?.outbox.pending ?? '?'} (waited ${drainSeconds} s after the load)`,
);
recordRun('bench:leads', { 'leads-lost': lost }, { shortenedBy: ['BENCH_DURATION', 'BENCH_CONCURRENCY', 'BENCH_STEADY_RATE', 'BENCH_TELEGRAM_INTERVAL_MS'], settings: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite' });
await stop(0);
