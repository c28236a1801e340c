// `npm run bench`: Lighthouse (its CLI's defaults, a fresh browser per run, median of 5) on every
// page in both languages and the partner area's (signed in where it must be), each run in turns with one of the machine's floor (an empty page served
// from loopback, benchmarks/lib/floor-pages.mjs) and judged by the difference, then first taps on the dialog triggers and the INP of a few flows by Event
// Timing on the same mobile profile (benchmarks/lib/first-tap.mjs; each tap in turns with the same
// tap on a trivial <dialog>, the floor of a tap), each on the build without and the
// build with a Metrica counter (the production case: the consent notice shows on a first visit);
// then all the JavaScript a page ever loads (benchmarks/lib/js-weight.mjs), request rates of two
// pre-rendered pages, as deployed (deploy/nginx.conf in front) and from this server alone, against
// nginx serving the same bytes precompressed, and of lead posts; the VIN decoder's time and the time
// to issue an invoice with its PDF (benchmarks/invoices.ts).
// Prints its tables, keeps its figures (benchmarks/lib/record-run.mjs) and exits non-zero when a
// target (benchmarks/targets.mjs) is missed. Loopback only, bounded in time. Not part of `npm test`.
// BENCH_COUNTER=without|with keeps one build and BENCH_PARTS=lighthouse,taps,... some parts;
// BENCH_PAGES=/ru,/en/epc, BENCH_LIGHTHOUSE_RUNS, BENCH_TAP_RUNS, BENCH_TAP_ONLY and
// BENCH_STATIC_ROUNDS shorten a run, which is then not kept.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { CONSENT_COOKIE } from '../src/site/consent.mjs';
import { defaultPages, servicePages } from '../src/site/site-pages.mjs';
import { ensureBuild } from '../scripts/lib/build.mjs';
import { COMPANY } from '../tests/support/company.mjs';
import { NGINX, startFront } from '../tests/support/front-nginx.mjs';
import { ORDER } from '../tests/support/seller.mjs';
import { startBareNode } from './lib/bare-node.mjs';
import { tapBench, tapFigures, tapTables } from './lib/first-tap.mjs';
import { jsWeights } from './lib/js-weight.mjs';
import { leadPost } from './lib/lead-load.mjs';
import { startFloor } from './lib/floor-pages.mjs';
import { meetsOverFloor } from './lib/floor-figures.mjs';
import { besideFloor, lighthouseTable, lighthouseTurns } from './lib/lighthouse-runs.mjs';
import { pictureWeights } from './lib/picture-weight.mjs';
import { cpuSeconds } from './lib/process-cpu.mjs';
import { recordRun } from './lib/record-run.mjs';
import { startServer } from './lib/serve.mjs';
import { startNginx } from './lib/static-nginx.mjs';
import { steadyLoad } from './lib/steady-load.mjs';
import { runWrk, runWrkAsync, WRK } from './lib/wrk.mjs';
import { barText, meets, worstOf } from './targets.mjs';
/** @import { Run } from './lib/results.mjs' */
/** @import { TargetId } from './targets.mjs' */

/** The steady rate of the lead posts, a second. */
const LEAD_RATE = 200;
/** Accept-Encoding as each client sends it: Chromium, a gzip-only client, none. */
const ENCODINGS = [
  { name: 'br (Chromium)', header: 'gzip, deflate, br, zstd' },
  { name: 'gzip', header: 'gzip' },
  { name: 'identity', header: '' },
];
/**
 * The two builds the browser figures are taken on: the second is the production case. Each knows
 * its address (NEXT_PUBLIC_SITE_URL, as a public site is built), so its canonical and hreflang
 * links are absolute as Lighthouse's SEO audits ask, and is served on that address's fixed port.
 * Both are a deployed site's: the company's contacts and a seller with its bank (tests/support/company.mjs),
 * so the pages show who sells and the partner area sells online.
 */
const BUILDS = [
  { name: 'without a counter', key: 'without', port: 3190, env: { NEXT_DIST_DIR: '.next-bench' } },
  { name: 'with a Metrica counter', key: 'with', port: 3191, env: { NEXT_DIST_DIR: '.next-bench-metrica', NEXT_PUBLIC_YM_ID: '12345678' } },
]
  .map((build) => ({ ...build, env: { ...COMPANY, ...build.env, NEXT_PUBLIC_SITE_URL: `http://127.0.0.1:${build.port}` } }))
  .filter((build) => !process.env.BENCH_COUNTER || process.env.BENCH_COUNTER === build.key);

const PAGES = [...defaultPages, ...servicePages];
/**
 * The partner area, measured at the floor as the public pages are: the sign-in page for a first
 * visitor, and for a partner signed in (a new account's token in the browser's storage, as the
 * sign-in leaves it) the account page and the page of an invoice the account has just been issued
 * (`<id>` in the row's path). They are kept out of search engines (`noindex`), so Lighthouse's SEO
 * score, which marks that down, is not judged on them.
 */
const PARTNER_PAGES = ['auth/sign'];
const INVOICE_PAGE = 'auth/account/invoices/<id>';
const SIGNED_IN_PAGES = ['auth/account', INVOICE_PAGE];
/** Where the sign-in keeps the partner's token in the browser (src/lib/token-store.ts). */
const TOKEN_KEY = 'epc_token';
/** A row of a page kept out of search engines (the partner area's). @param {{ path: string }} row */
const notIndexed = (row) => /^\/(ru|en)\/auth\//.test(row.path);
/** Rounds of the static pages' rates (BENCH_STATIC_ROUNDS), each server in turn in each. */
const STATIC_ROUNDS = Number(process.env.BENCH_STATIC_ROUNDS) || 3;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const only = process.env.BENCH_PAGES?.split(',');
/**
 * Lighthouse's figures of a row and the targets they are judged by (benchmarks/targets.mjs).
 * @type {[TargetId, 'perf' | 'a11y' | 'bp' | 'seo' | 'lcp' | 'tbt' | 'cls'][]}
 */
const LIGHTHOUSE_FIGURES = [
  ['lighthouse-performance', 'perf'],
  ['lighthouse-accessibility', 'a11y'],
  ['lighthouse-best-practices', 'bp'],
  ['lighthouse-seo', 'seo'],
  ['lcp', 'lcp'],
  ['tbt', 'tbt'],
  ['cls', 'cls'],
];

/** A row of a home page, for each visitor. @param {import('./lib/lighthouse-runs.mjs').LighthouseRow} row */
const isHome = (row) => /^\/(ru|en)( |$)/.test(row.path);

/** @type {string[]} */
const failures = [];
/** Each target's worst figure over what this run measured. @type {Run['figures']} */
const figures = {};
/** Keeps the worst of `values` and what `id` has so far. @param {TargetId} id @param {number[]} values */
const keep = (id, values) => (figures[id] = worstOf(id, [...(figures[id] === undefined ? [] : [figures[id]]), ...values]));
/** For the targets judged against the floor: the worst difference over it, and that row's floor. @type {Run['figures']} */
const overFloor = {};
/** @type {Run['figures']} */
const floorFigures = {};
/**
 * Keeps the largest of `rows`' differences over their floor and what `id` has so far, with the floor of that row.
 * @param {TargetId} id @param {import('./lib/floor-figures.mjs').Beside[]} rows
 */
function keepOverFloor(id, rows) {
  for (const row of rows) {
    const so = overFloor[id];
    if (so === undefined || !(row.over <= so)) {
      overFloor[id] = Number.isNaN(row.over) ? Infinity : row.over;
      floorFigures[id] = row.floor.median;
    }
  }
}

for (const [tool, path] of Object.entries({ Chromium: CHROMIUM, nginx: NGINX, wrk: WRK })) {
  if (!existsSync(path)) {
    console.error(`${tool} is not at ${path}: install it (apt-get install chromium nginx wrk libnginx-mod-http-brotli-static) and run again.`);
    process.exit(1);
  }
}
// BENCH_PARTS=static,flood runs only those parts (default: all, in this order).
const parts = (process.env.BENCH_PARTS ?? 'lighthouse,taps,js,pictures,static,flood,leads,vin,invoices').split(',');
for (const build of parts.some((part) => part === 'lighthouse' || part === 'taps') ? BUILDS : []) {
  const env = { ...process.env, ...build.env };
  ensureBuild(env);
  const server = await startServer({ TRUST_PROXY: '1', DATA_DIR: `.bench-data/${process.pid}-${build.key}`, ...build.env }, build.port);
  const floor = await startFloor();
  try {
    if (parts.includes('lighthouse')) await lighthousePages(server.url, floor.url, build);
    if (parts.includes('taps')) {
      const taps = await tapBench(server.url, { noticeAb: build.key === 'with', floorBase: floor.url });
      console.log(`\nFirst taps and INP, ${build.name}:${tapTables(taps.rows)}`);
      failures.push(...taps.failures.map((failure) => `${failure} (${build.name})`));
      const tapped = tapFigures(taps.rows);
      for (const [id, value] of Object.entries(tapped.figures)) keep(/** @type {TargetId} */ (id), [value]);
      keepOverFloor('tap-median', tapped.besideFloor);
    }
  } finally {
    await floor.stop();
    await server.stop();
  }
}
/** The parts measured on the default build (`.next`), with a server of their own. */
const DEFAULT_BUILD_PARTS = ['js', 'pictures', 'static', 'flood', 'leads', 'vin', 'invoices'];
if (parts.some((part) => DEFAULT_BUILD_PARTS.includes(part))) await defaultBuildParts();

/** The parts measured on the default build: its JavaScript and pictures, its rates, the VIN and invoice timings. */
async function defaultBuildParts() {
  ensureBuild();
  const server = await startServer({ TRUST_PROXY: '1', DATA_DIR: `.bench-data/${process.pid}` });
  try {
    if (parts.includes('js')) {
      const weights = await jsWeights(server.url);
      console.log(`\n${weights.table}`);
      failures.push(...weights.failures);
      keep('js-all', weights.rows.map((row) => row.kb));
    }
    if (parts.includes('pictures')) {
      const pictures = await pictureWeights(server.url);
      console.log(`\n${pictures.table}`);
      failures.push(...pictures.failures);
      keep('pictures', pictures.kb);
    }
    if (parts.includes('static')) await staticRates(server.url, server.child.pid);
    if (parts.includes('flood')) await pageDuringLoginFlood(server.url);
    if (parts.includes('leads')) await leadRate(server.url);
    if (parts.includes('vin')) vinDecode();
    if (parts.includes('invoices')) invoiceIssue();
  } finally {
    await server.stop();
  }
}

const settings = ['BENCH_COUNTER', 'BENCH_PARTS'].flatMap((name) => (process.env[name] ? [`${name}=${process.env[name]}`] : [])).join(' ');
recordRun('bench', figures, { overFloor, floor: floorFigures, shortenedBy: ['BENCH_PAGES', 'BENCH_LIGHTHOUSE_RUNS', 'BENCH_TAP_RUNS', 'BENCH_TAP_ONLY', 'BENCH_STATIC_ROUNDS'], settings: settings || undefined, chromium: CHROMIUM });
if (failures.length) {
  console.log(`\nMISSED ${failures.length} target(s):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll targets met.');

/** @param {string} base @param {string} floorBase @param {(typeof BUILDS)[number]} build */
async function lighthousePages(base, floorBase, build) {
  /** @type {import('./lib/lighthouse-runs.mjs').LighthouseRow[]} */
  const rows = [];
  // With a counter, each page is also measured for a returning visitor who declined (no notice),
  // run by run in turn with a first visit, so the notice's cost is not the machine's drift.
  const visitors = build.key === 'with' ? [{ label: ' (notice shown)' }, { label: ' (choice made, no notice)', extraHeaders: { Cookie: `${CONSENT_COOKIE}=denied` } }] : [{ label: '' }];
  const signedIn = SIGNED_IN_PAGES.some((page) => !only || only.some((path) => path.endsWith(`/${page}`)));
  const partner = signedIn ? await benchPartner(base) : undefined;
  const storage = partner ? [{ key: TOKEN_KEY, value: partner.token }] : [];
  const partners = visitors.map((visitor) => ({ ...visitor, label: `${visitor.label} (signed in)`, storage }));
  for (const locale of ['ru', 'en']) {
    for (const page of [...PAGES, ...PARTNER_PAGES, ...SIGNED_IN_PAGES]) {
      const path = `/${locale}${page ? `/${page}` : ''}`;
      if (only && !only.includes(path)) continue;
      const url = `${base}${path.replace('<id>', partner?.invoiceId ?? '')}`;
      for (const row of await lighthouseTurns(path, url, `${floorBase}/`, CHROMIUM, SIGNED_IN_PAGES.includes(page) ? partners : visitors)) {
        rows.push(row);
        failures.push(...misses(row).map((miss) => `${miss} (${build.name})`));
      }
      process.stdout.write('.');
    }
  }
  for (const [id, key] of LIGHTHOUSE_FIGURES) keep(id, rows.filter((row) => key !== 'seo' || !notIndexed(row)).map((row) => row[key]));
  keep('js-before-interaction', rows.filter(isHome).map((row) => row.jsKb));
  keepOverFloor('lcp', rows.map((row) => besideFloor(row).lcp));
  keepOverFloor('tbt', rows.map((row) => besideFloor(row).tbt));
  console.log(lighthouseTable(rows, `Lighthouse, ${build.name}`));
}

/**
 * A new partner account on the server at `base`, registered as the site's form does, with an
 * invoice issued to it for an organisation (tests/support/seller.mjs) as the partner area's order
 * form does: its session token (valid for thirty days) and the invoice's id.
 * @param {string} base
 */
async function benchPartner(base) {
  /** @param {string} path @param {unknown} body @param {string} [token] */
  const post = async (path, body, token) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ru', Origin: base, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const result = response.ok ? (await response.json())?.result : undefined;
    if (!result) throw new Error(`the bench's partner: ${path} answered ${response.status}`);
    return result;
  };
  const { token } = await post('/api/auth/registration', {
    email: `bench-${Date.now()}@example.com`,
    phone: '+79123456789',
    pw: 'bench partner password',
    pw2: 'bench partner password',
    name_f: 'Иванова',
    name_i: 'Анна',
    firm_name: 'ООО «Запчасти»',
    country_name: 'Россия',
    city_name: 'Казань',
    consent: true,
    website: '',
  });
  const { invoice } = await post('/api/invoices', ORDER, token);
  return { token: String(token), invoiceId: String(invoice.id) };
}

/** The targets a row misses. @param {import('./lib/lighthouse-runs.mjs').LighthouseRow} row */
function misses(row) {
  const missed = [];
  if (row.error) missed.push(`${row.path}: Lighthouse could not measure (${row.error})`);
  // A value Lighthouse could not measure (NaN) misses too. LCP and TBT are judged by how much the
  // page's median is over its floor's (benchmarks/targets.mjs overFloor), the rest as they are.
  const floor = besideFloor(row);
  for (const [id, key] of LIGHTHOUSE_FIGURES) {
    if (key === 'lcp' || key === 'tbt') {
      if (!meetsOverFloor(id, floor[key])) missed.push(`${row.path}: ${key} ${row[key]}, ${Math.round(floor[key].over)} over the floor's ${floor[key].floor.median}, target ${barText(id)}`);
    } else if (!(key === 'seo' && notIndexed(row)) && !meets(id, row[key])) missed.push(`${row.path}: ${key} ${row[key]}, target ${barText(id)}`);
  }
  if (isHome(row) && !meets('js-before-interaction', row.jsKb)) missed.push(`${row.path}: JS ${row.jsKb} KiB, target ${barText('js-before-interaction')}`);
  return missed;
}

/**
 * Pre-rendered pages against nginx serving the same bytes precompressed (gzip_static,
 * brotli_static): each page from this server alone, from the site as compose.yaml deploys it
 * (deploy/nginx.conf in front of it, tests/support/front-nginx.mjs: it keeps what the page's
 * Cache-Control lets a shared cache keep, docs/decisions/052), and, for scale, from a bare Node
 * server sending the same answers with no routing nor bookkeeping (Node's own ceiling here,
 * benchmarks/lib/bare-node.mjs). Two pages: the home page, the same for every visitor (kept by the
 * front), and a product page, which differs by the visitor's country (`private` unless a CDN names
 * the country, so the front passes every request on). Taking turns, each encoding, wrk with 50
 * connections for 8 s, STATIC_ROUNDS rounds. The target (60 % of nginx with brotli and with
 * gzip, p99 ≤ 10 ms) is read on the site as deployed.
 * @param {string} base @param {number | undefined} edgePid the server's process, whose CPU time is counted
 */
async function staticRates(base, edgePid) {
  const rows = [];
  const front = await startFront([base.replace('http://', ''), base.replace('http://', '')]);
  try {
    for (const path of ['/ru', '/ru/epc']) rows.push(...(await staticRate(base, edgePid, path, front)));
  } finally {
    await front.stop();
  }
  /** @param {number} ratio */
  const percent = (ratio) => `${(ratio * 100).toFixed(1)} %`;
  /** @param {Cell} cell */
  const cells = (cell) => `${Math.round(cell.rate)} | ${cell.p50.toFixed(1)} / ${cell.p99.toFixed(1)}`;
  /** A server's share of nginx: the median of the rounds' shares, and their range. @param {Share} share */
  const shareCell = ({ median, low, high }) => `${percent(median)} (${percent(low)}–${percent(high)})`;
  console.log(
    `\n| static page, encoding (wrk 2 threads, 50 connections, 8 s; the median of ${STATIC_ROUNDS} rounds in turns) | deployed req/s | deployed p50 / p99 ms | deployed / nginx (range) | ours alone req/s | ours alone p50 / p99 ms | ours alone / nginx (range) | nginx req/s | nginx p50 / p99 ms | bare Node req/s | bare Node / nginx (range) | CPU µs per answer: deployed / ours alone / bare Node / nginx |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  /** @param {Cell} cell */
  const us = (cell) => cell.cpuUs.toFixed(0);
  for (const { path, name, brotli, deployed, app, web, node, shares } of rows) {
    console.log(
      `| ${path}, ${name}${name.startsWith('br') && !brotli ? ' (nginx: gzip, no brotli module)' : ''} | ${cells(deployed)} | ${shareCell(shares.deployed)} | ${cells(app)} | ${shareCell(shares.app)} | ${cells(web)} | ${Math.round(node.rate)} | ${shareCell(shares.node)} | ${us(deployed)} / ${us(app)} / ${us(node)} / ${us(web)} |`,
    );
    for (const [server, cell] of Object.entries({ deployed, alone: app })) if (cell.bad) failures.push(`static page ${path} (${name}, ${server}): ${cell.bad} bad answers`);
  }
  console.log('deployed: deploy/nginx.conf (its cache) in front of this server, as compose.yaml runs it; ours alone: this server, nothing in front.');
  console.log('bare Node: the same answers from a Node server that does nothing else (no routing, request id, log line nor metrics), for scale.');
  console.log(`Each server's figures are those of its median round by rate; a share is the median of the ${STATIC_ROUNDS} rounds' shares (each round's servers measured one after another), with their range.`);
  console.log("CPU µs per answer: the servers' own user + system time over the run (deployed: nginx's and this server's together), divided by the answers (the kernel's loopback work in their system calls included); it drifts less than the rate on a shared machine.");
  for (const home of rows.filter((row) => row.path === '/ru' && row.name !== 'identity')) {
    const name = home.name.split(' ')[0];
    /** @type {TargetId} */
    const share = name === 'br' ? 'static-share-br' : 'static-share-gzip';
    keep(share, [Number((home.shares.deployed.median * 100).toFixed(1))]);
    keep('static-p99', [home.deployed.p99]);
    if (!meets(share, home.shares.deployed.median * 100)) failures.push(`static page /ru (${name}) as deployed at ${percent(home.shares.deployed.median)} of nginx, target ${barText(share)}`);
    if (!meets('static-p99', home.deployed.p99)) failures.push(`static page /ru (${name}) as deployed: p99 ${home.deployed.p99} ms, target ${barText('static-p99')}`);
  }
  const product = rows.find((row) => row.path === '/ru/epc' && row.name.startsWith('br'));
  if (!product) throw new Error('no row of /ru/epc in brotli'); // staticRate gives one for each encoding
  keep('product-p99', [product.app.p99]);
  if (!meets('product-p99', product.app.p99)) failures.push(`static page /ru/epc (br) p99 ${product.app.p99} ms, target ${barText('product-p99')}`);
}

/**
 * The middle one of `values` (the lower middle of an even count) by `key`.
 * @template T @param {T[]} values @param {(value: T) => number} key @returns {T}
 */
function medianBy(values, key) {
  const middle = [...values].sort((a, b) => key(a) - key(b))[Math.floor((values.length - 1) / 2)];
  if (middle === undefined) throw new Error('no values to take the median of');
  return middle;
}

/**
 * One page's rows of staticRates: for each encoding, STATIC_ROUNDS rounds, each server in turn in
 * each round (a single 8 s run drifts ±15–30 % on a shared 2-core machine, decision 052).
 * @typedef {ReturnType<typeof runWrk> & { cpuUs: number }} Cell the figures of one server in one round
 * @typedef {{ median: number; low: number; high: number }} Share
 * @param {string} base @param {number | undefined} edgePid @param {string} path @param {Awaited<ReturnType<typeof startFront>>} front
 */
async function staticRate(base, edgePid, path, front) {
  const page = await rawPage(base, path);
  const nginx = await startNginx(page);
  const bare = await startBareNode(`${base}${path}`).catch(async (error) => {
    await nginx.stop();
    throw error;
  });
  const rows = [];
  try {
    for (const { name, header } of ENCODINGS) {
      /** @type {Record<string, string>} */
      const headers = header ? { 'Accept-Encoding': header } : {};
      // The rate, and the servers' own CPU time per answer (nginx: its master and worker).
      /** @param {string} url @param {[pid: number | undefined, withChildren: boolean][]} pids @param {boolean} warm @returns {Cell} */
      const measure = (url, pids, warm) => {
        if (warm) runWrk(url, headers, 2); // warm-up (and, in front, the page kept)
        const cpu = () => pids.reduce((sum, [pid, withChildren]) => sum + cpuSeconds(pid, { withChildren }), 0);
        const before = cpu();
        const result = runWrk(url, headers);
        return { ...result, cpuUs: ((cpu() - before) / result.requests) * 1e6 };
      };
      /** @type {[number | undefined, boolean]} */
      const edge = [edgePid, false];
      const rounds = Array.from({ length: STATIC_ROUNDS }, (_, round) => ({
        deployed: measure(`${front.url}${path}`, [[front.pid, true], edge], round === 0),
        app: measure(`${base}${path}`, [edge], round === 0),
        web: measure(`${nginx.url}/`, [[nginx.pid, true]], round === 0),
        node: measure(`${bare.url}/`, [[bare.pid, false]], round === 0),
      }));
      /** @param {'deployed' | 'app' | 'web' | 'node'} server */
      const median = (server) => medianBy(rounds.map((round) => round[server]), (cell) => cell.rate);
      /** @param {'deployed' | 'app' | 'node'} server @returns {Share} */
      const share = (server) => {
        const ratios = rounds.map((round) => round[server].rate / round.web.rate);
        return { median: medianBy(ratios, (ratio) => ratio), low: Math.min(...ratios), high: Math.max(...ratios) };
      };
      rows.push({
        path,
        name,
        brotli: nginx.brotli,
        deployed: median('deployed'),
        app: median('app'),
        web: median('web'),
        node: median('node'),
        shares: { deployed: share('deployed'), app: share('app'), node: share('node') },
      });
    }
  } finally {
    await Promise.all([nginx.stop(), bare.stop()]);
  }
  return rows;
}

/**
 * The page's bytes exactly as the edge sends them in each encoding (fetch would decode them).
 * @param {string} base @param {string} path
 */
function rawPage(base, path) {
  /** @param {string} encoding @returns {Promise<Buffer>} */
  const get = (encoding) =>
    new Promise((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
  return Promise.all([get(''), get('gzip'), get('br')]).then(([identity, gzip, br]) => ({ identity, gzip, br }));
}

/**
 * A page while logins flood in: 20 a second for 12 s, each a new address and an unknown e-mail
 * (each costs a password hash all the same). Hashing shares libuv's thread pool with file reads,
 * DNS and zlib: before it was bounded and pages were prepared at build, a gzip page took 20 s.
 * @param {string} base
 */
async function pageDuringLoginFlood(base) {
  const flood = steadyLoad({
    url: `${base}/api/auth/auth`,
    rate: 20,
    seconds: 12,
    connections: 50,
    request: (serial) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': `10.9.${(serial >> 8) & 255}.${serial & 255}` },
      body: JSON.stringify({ email: `flood-${serial}@example.com`, pw: 'not the password' }),
    }),
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const page = await runWrkAsync(`${base}/ru/epc`, { 'Accept-Encoding': 'gzip' }, 8);
  const logins = await flood;
  /** @param {number} status */
  const count = (status) => logins.statuses.get(status)?.length ?? 0;
  console.log('\n| /ru/epc (gzip) while 20 logins/s arrive, 8 s | page req/s | page p50 / p99 ms | logins 400 / 503 / other |');
  console.log('| --- | --- | --- | --- |');
  console.log(`| this server | ${Math.round(page.rate)} | ${page.p50.toFixed(1)} / ${page.p99.toFixed(1)} | ${count(400)} / ${count(503)} / ${logins.sent - count(400) - count(503)} |`);
  keep('flood-page-p99', [page.p99]);
  if (!meets('flood-page-p99', page.p99)) failures.push(`page p99 during a login flood ${page.p99} ms, target ${barText('flood-page-p99')}`);
}

/** @param {string} base */
async function leadRate(base) {
  // A steady 200 a second (one post every 5 ms) over 50 connections, latency counted from when each
  // post was due (benchmarks/lib/steady-load.mjs). The first seconds after a start run slower code
  // (the JIT has not compiled the lead path yet), so the server is warmed for 10 s first, as the
  // static page is warmed before it is measured.
  let serial = 0;
  /** @param {number} seconds */
  const leadPosts = (seconds) =>
    steadyLoad({ url: `${base}/api/telega/send-mail`, rate: LEAD_RATE, seconds, connections: 50, request: () => leadPost('bench', ++serial) });
  await leadPosts(10);
  const result = await leadPosts(10);
  console.log(`\n| lead posts, a steady ${LEAD_RATE}/s over 50 connections, 10 s | answered/s | p50 ms | p99 ms | max ms | non-2xx | errors |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  console.log(`| POST /api/telega/send-mail | ${Math.round(result.rate)} | ${result.p50} | ${result.p99} | ${result.max} | ${result.non2xx} | ${result.errors} |`);
  keep('lead-rate', [Math.round(result.rate)]);
  keep('lead-p99', [result.p99]);
  keep('lead-refused', [result.non2xx + result.errors]);
  if (!meets('lead-p99', result.p99)) failures.push(`lead p99 ${result.p99} ms, target ${barText('lead-p99')}`);
  if (!meets('lead-refused', result.non2xx + result.errors)) failures.push(`lead posts: ${result.non2xx} non-2xx, ${result.errors} errors`);
  if (!meets('lead-rate', result.rate)) failures.push(`lead rate ${Math.round(result.rate)}/s, target ${barText('lead-rate')}`);
}

/** The VIN decoder's time per decode, in a process of its own (benchmarks/vin.ts). */
function vinDecode() {
  const run = spawnSync('npm', ['run', '--silent', 'bench:vin'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) failures.push(`VIN decode: p99 missed its target (${barText('vin-p99')})`);
}

/** The time to issue an invoice with its PDF, in a process of its own (benchmarks/invoices.ts). */
function invoiceIssue() {
  const run = spawnSync('npm', ['run', '--silent', 'bench:invoices'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.status !== 0) failures.push(`invoices: an invoice with its PDF, p95 missed its target (${barText('invoice-p95')})`);
}
