// npm run bench:desk — the sales desk at scale: seeds BENCH_DESK_LEADS (1,000,000)
// leads over two years (campaigns, referrers, pages, products, ten owners, first contacts, an
// invoice for one lead in fifty) into a throw-away database, then measures the lead report for a
// year, the list of one owner's leads and the list's total for each filter (p95; target 300 ms), the
// list's first page, each single filter and a search (p95 over BENCH_DESK_RUNS runs; targets 50 ms on
// PostgreSQL, 150 ms on PGlite), prints the plans they ran, and streams the CSV export of every lead
// (target ≥ 50,000 rows/s with the process growing by ≤ 50 MB). PGlite in a temporary directory by
// default; with BENCH_DESK_PG_URL (a server's admin URL) a database of its own there, dropped
// afterwards, or with BENCH_DESK_KEEP a database of that name, seeded once and kept for later runs.
// The targets are in benchmarks/targets.mjs; BENCH_DESK_LEADS and BENCH_DESK_RUNS shorten a run,
// which is then not kept (benchmarks/lib/record-run.mjs).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { migrateDb, openPglite, openPostgres, type DbHandle } from '@/db/client';
import { exportLeadsCsv } from '@/server/desk/lead-export';
import { DEFAULT_SORT, parseLeadFilter, parseLeadSort, searchTerms, type LeadFilter, type LeadSort } from '@/server/desk/lead-filter';
import { countLeads, deliveriesOf, filterCondition, listLeads, searchWindow } from '@/server/desk/lead-list';
import { leads } from '@/db/schema';
import { leadReport } from '@/server/desk/report';
import { addDays } from '@/server/desk/report-figures';
import { parseWorkingHours } from '@/server/desk/working-hours';
import { recordRun } from './lib/record-run.mjs';
import type { Run } from './lib/results.mjs';
import { barText, meets, worstOf, type TargetId } from './targets.mjs';

/** The triggers that keep the report's counts (migration 0015): off while seeding, rebuilt after. */
const REPORT_TRIGGERS = ['leads_report_inserted', 'leads_report_updated', 'leads_report_deleted'];
const COUNT = Number(process.env.BENCH_DESK_LEADS || 1_000_000);
const RUNS = Number(process.env.BENCH_DESK_RUNS || 30);
const hours = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');

async function openDatabase(): Promise<{ handle: DbHandle; label: 'PostgreSQL' | 'PGlite'; seeded?: boolean; cleanup: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DESK_PG_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-desk-'));
    const handle = await openPglite(dir);
    await migrateDb(handle);
    return { handle, label: 'PGlite', cleanup: async () => { await handle.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  // BENCH_DESK_KEEP: a database of that name, seeded once and kept (later runs migrate it and measure again).
  const kept = process.env.BENCH_DESK_KEEP;
  const name = kept || `bench_desk_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  const exists = kept ? ((await admin.db.execute(sql`SELECT 1 FROM pg_database WHERE datname = ${name}`)) as unknown as { rows: unknown[] }).rows.length > 0 : false;
  if (!exists) await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Seeded in statements of 100,000 rows: longer than the app's statement bound.
  const handle = await openPostgres(url.toString(), 4, { bounded: false });
  await migrateDb(handle);
  return {
    handle,
    label: 'PostgreSQL',
    seeded: exists,
    cleanup: async () => {
      await handle.close();
      if (kept) return;
      const drop = await openPostgres(adminUrl, 1);
      await drop.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      await drop.close();
    },
  };
}

/** Two years back from now, one lead every SPACING seconds. */
const SPACING = Math.max(1, Math.floor((2 * 365 * 86_400) / COUNT));
const OWNERS = 10;

/**
 * Leads from now back over two years, the kinds, statuses and departments mixed; a pseudo-random
 * draw per lead (h, r) gives its attribution: Yandex and Google ads with their campaigns, VK, sites
 * that refer (search engines, a forum), direct visits; one of twelve pages; a product or none; an
 * owner among ten (one in eleven unowned); a first contact after minutes (most within an hour) for
 * all but the newest 300 and one in eight; an invoice (its own lead, the same e-mail, a day later)
 * for one lead in fifty, paid for two in three.
 */
async function seed(handle: DbHandle): Promise<void> {
  const { db } = handle;
  // Seeded in bulk without the triggers: the report's counts are built once afterwards, as migration 0013 builds them.
  await db.execute(sql`ALTER TABLE leads DISABLE TRIGGER leads_desk_notify`);
  for (const trigger of REPORT_TRIGGERS) await db.execute(sql.raw(`ALTER TABLE leads DISABLE TRIGGER ${trigger}`));
  for (let index = 0; index < OWNERS; index += 1) {
    await db.execute(sql`INSERT INTO staff (email, display_name, role, password_hash) VALUES (${`sales${index}@bench.example`}, ${`Менеджер ${index + 1}`}, 'sales', 'x')`);
  }
  const chunk = 100_000;
  for (let from = 0; from < COUNT; from += chunk) {
    const to = Math.min(COUNT, from + chunk) - 1;
    await db.execute(sql`
      WITH owners AS (SELECT array_agg(id ORDER BY email) || ARRAY[NULL::uuid] AS ids FROM staff)
      INSERT INTO leads (kind, name, phone, email, lang, payload, client_address, created_at, status, first_contact_at, response_minutes, owner_id)
      SELECT (ARRAY['feedback','btn_buy','btn_demo','order','registration'])[1 + i % 5],
             (ARRAY['Иван','Ольга','Пётр','Анна','Sergey','Maria'])[1 + i % 6] || ' ' || (ARRAY['Петров','Смирнова','Kuznetsov','Иванова'])[1 + (i / 7) % 4] || ' ' || i,
             '+7 (9' || lpad((i % 100)::text, 2, '0') || ') ' || lpad(((i / 100) % 1000)::text, 3, '0') || '-' || lpad(((i / 100000) % 100)::text, 2, '0') || '-' || lpad((i % 97)::text, 2, '0'),
             'client' || i || '@example.com', (ARRAY['ru','en'])[1 + i % 2],
             (CASE WHEN i % 5 = 0 THEN jsonb_build_object('department', (ARRAY['seller','support'])[1 + (i / 5) % 2], 'note', 'Вопрос по каталогу')
                  WHEN i % 5 = 4 THEN jsonb_build_object('firm_name', 'ООО «Запчасти ' || (i % 5000) || '»', 'country_name', 'Россия', 'city_name', 'Казань')
                  ELSE jsonb_build_object('t_client', '1', 'product', (ARRAY['epc','tis','vin','parts','epc-truck','catalog','api','tis-pro', NULL])[1 + r % 9]) END)
             || jsonb_build_object('url', (ARRAY['/ru','/ru/tis','/ru/epc','/ru/pricing','/en','/en/pricing','/ru/about','/ru/vin','/ru/parts','/en/tis','/ru/contacts','/ru/news/2026-autumn'])[1 + (r / 9) % 12] || CASE WHEN r % 3 = 0 THEN '?utm_source=yandex&yclid=' || i ELSE '' END)
             || CASE WHEN h < 35 THEN jsonb_build_object('utm_source', 'yandex', 'utm_medium', 'cpc', 'utm_campaign', 'ya-' || (ARRAY['epc','tis','vin','brand','retarget','autumn'])[1 + r % 6] || '-' || (r / 6) % 8)
                     WHEN h < 52 THEN jsonb_build_object('utm_source', 'google', 'utm_medium', 'cpc', 'utm_campaign', 'g-' || (ARRAY['epc','tis','brand'])[1 + r % 3] || '-' || (r / 3) % 4)
                     WHEN h < 58 THEN jsonb_build_object('utm_source', 'vk', 'utm_medium', 'social', 'utm_campaign', 'vk-' || r % 5)
                     WHEN h < 62 THEN jsonb_build_object('utm_source', 'newsletter', 'utm_medium', 'email', 'utm_campaign', 'letter-' || (i / 40000))
                     WHEN h < 80 THEN jsonb_build_object('referrer', (ARRAY['https://yandex.ru','https://www.google.com','https://www.drive2.ru','https://forum.autoparts.example','https://dzen.ru'])[1 + r % 5])
                     ELSE '{}'::jsonb END,
             '77.88.' || (i % 250) || '.' || (i % 200 + 1),
             now() - make_interval(secs => i * ${SPACING}),
             CASE WHEN i < 300 OR r % 8 = 0 THEN 'new' ELSE (ARRAY['won','lost','spam','in_progress'])[1 + i % 4] END,
             CASE WHEN i < 300 OR r % 8 = 0 THEN NULL ELSE now() - make_interval(secs => i * ${SPACING} - 60 * m) END,
             CASE WHEN i < 300 OR r % 8 = 0 THEN NULL ELSE m END,
             (SELECT ids FROM owners)[1 + (r / 13) % ${OWNERS + 1}]
      FROM (SELECT i, (i * 2654435761::bigint % 100)::int AS h, (i * 40503::bigint % 9973)::int AS r,
                   CASE WHEN i * 7::bigint % 10 < 5 THEN (i * 31::bigint % 10)::int WHEN i * 7::bigint % 10 < 8 THEN 10 + (i * 37::bigint % 50)::int ELSE 60 + (i * 41::bigint % 540)::int END AS m
            FROM generate_series(${from}::int, ${to}::int) AS i) g`);
    process.stdout.write(`  seeded ${to + 1}\n`);
  }
  // One lead in fifty bought: the invoice's own lead (kind invoice, the same e-mail, a day later) and its invoice.
  await db.execute(sql`
    WITH bought AS (
      INSERT INTO leads (kind, name, phone, email, lang, payload, created_at, status)
      SELECT 'invoice', name, phone, email, lang, jsonb_build_object('product', coalesce(payload->>'product', 'epc'), 'invoice_number', 'B-' || number), created_at + interval '1 day', 'new'
      FROM leads WHERE number % 50 = 0 AND kind <> 'invoice'
      RETURNING id, number, created_at)
    INSERT INTO invoices (number, year, seq, status, issued_on, due_on, seller, buyer, buyer_email, lines, total_kopecks, vat_rate, vat_kopecks, offer_version, lang, lead_id, created_at, paid_at)
    SELECT 'B-' || number, 2000, number, CASE WHEN number % 3 = 0 THEN 'issued' ELSE 'paid' END, created_at::date, created_at::date + 5, '{}'::jsonb, '{}'::jsonb, 'bench@example.com', '[]'::jsonb,
           (ARRAY[1290000, 2490000, 4290000, 9900000])[1 + number % 4], '22', 0, '1', 'ru', id, created_at, CASE WHEN number % 3 = 0 THEN NULL ELSE created_at + interval '3 days' END
    FROM bought`);
  await db.execute(sql`ALTER TABLE leads ENABLE TRIGGER leads_desk_notify`);
  for (const trigger of REPORT_TRIGGERS) await db.execute(sql.raw(`ALTER TABLE leads ENABLE TRIGGER ${trigger}`));
  const rebuilt = performance.now();
  await db.execute(sql`SELECT lead_report_rebuild()`);
  const [cells] = ((await db.execute(sql`SELECT count(*)::int AS n FROM lead_report_cells`)) as unknown as { rows: Array<{ n: number }> }).rows;
  console.log(`  the report's counts: ${cells!.n.toLocaleString('en')} cells built in ${((performance.now() - rebuilt) / 1000).toFixed(0)} s`);
  // As autovacuum leaves a table that has settled: the visibility map set, so the report's scan reads only its index.
  await db.execute(sql`VACUUM ANALYZE leads`);
  await db.execute(sql`VACUUM ANALYZE invoices`);
  await db.execute(sql`VACUUM ANALYZE lead_report_cells`);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

async function measure(handle: DbHandle, name: string, filter: LeadFilter, target: TargetId, sort: LeadSort = DEFAULT_SORT, count = false) {
  const once = async () => (count ? (await countLeads(handle.db, filter, hours)).count : (await listLeads(handle.db, filter, hours, undefined, undefined, sort)).rows.length);
  for (let warm = 0; warm < 3; warm += 1) await once();
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    rows = await once();
    times.push(performance.now() - start);
  }
  const p95 = percentile(times, 95);
  return { name, rows, p50: percentile(times, 50), p95, target };
}

/** The plan of the list's first query (for a word search, its first window: src/server/desk/lead-list.ts). */
async function plan(handle: DbHandle, filter: LeadFilter): Promise<string> {
  const windowed = Boolean(filter.q && searchTerms(filter.q).words);
  const where = and(filterCondition(filter, hours, windowed), windowed ? searchWindow(undefined) : undefined) ?? sql`true`;
  const result = await handle.db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT id FROM leads WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 51`);
  const { rows } = result as unknown as { rows: Array<Record<string, string>> };
  return rows.map((row) => `    ${Object.values(row)[0]}`).join('\n');
}

async function exportAll(handle: DbHandle) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  const reader = exportLeadsCsv(handle.db, {}, hours, 'ru').getReader();
  let lines = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (let at = value.indexOf(10); at !== -1; at = value.indexOf(10, at + 1)) lines += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const rows = lines - 1;
  return { rows, seconds, rowsPerSecond: rows / seconds, megabytes: bytes / 1e6, growthMb: (peak - before) / 1048576 };
}

async function timed(run: () => Promise<unknown>) {
  for (let warm = 0; warm < 3; warm += 1) await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * One owner's leads, newest first, as the list reads them: through the list's own filter when it
 * has an owner filter, else the list's query with the owner's condition
 * added as its filters add theirs, and the page's deliveries.
 */
async function ownerPage(handle: DbHandle, ownerId: string) {
  const filter = parseLeadFilter(new URLSearchParams({ owner: ownerId }));
  if ((filter as Record<string, unknown>).owner) return (await listLeads(handle.db, filter, hours)).rows.length;
  const rows = await handle.db
    .select({ id: leads.id, createdAt: leads.createdAt, name: leads.name, payload: leads.payload, status: leads.status })
    .from(leads)
    .where(and(filterCondition({}, hours), eq(leads.ownerId, ownerId)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(51);
  await deliveriesOf(handle.db, rows.map((row) => row.id));
  return rows.length;
}

/** The report for the last 365 days and one owner's list: p95 each, target 300 ms. */
async function measureReport(handle: DbHandle) {
  const today = new Date().toISOString().slice(0, 10);
  const year = { from: addDays(today, -364), to: today };
  let report: Awaited<ReturnType<typeof leadReport>> | undefined;
  const reportTimes = await timed(async () => (report = await leadReport(handle.db, year, hours)));
  const owners = (await handle.db.execute(sql`SELECT id::text AS id FROM staff ORDER BY email LIMIT 1`)) as unknown as { rows: Array<{ id: string }> };
  const ownerId = owners.rows[0]!.id;
  let rows = 0;
  const ownerTimes = await timed(async () => (rows = await ownerPage(handle, ownerId)));
  const explain = (await handle.db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT dimension, key, bucket, sum(leads) FROM lead_report_cells WHERE dimension IN ('source', 'campaign', 'page', 'product', 'owner') AND period_start >= now() - interval '365 days' GROUP BY 1, 2, 3`)) as unknown as { rows: Array<Record<string, string>> };
  console.log(`\n  plan, the report's counts:\n${explain.rows.map((row) => `    ${Object.values(row)[0]}`).join('\n')}`);
  console.log(`\n  report ${year.from}…${year.to}: ${report!.total.leads.toLocaleString('en')} leads, ${report!.total.contacted.toLocaleString('en')} contacted, median ${report!.total.median} / p90 ${report!.total.p90} working min, ${report!.total.invoices} invoices, ${report!.total.payments} paid; ${report!.tables.source.length} sources, ${report!.tables.campaign.length} campaigns, ${report!.tables.page.length} pages, ${report!.tables.product.length} products, ${report!.owners.length} owners`);
  return [
    { name: 'report, last 365 days', rows: report!.total.leads, ...reportTimes, target: 'desk-report' as const },
    { name: 'list, one owner', rows, ...ownerTimes, target: 'desk-owner-list' as const },
  ];
}

type Measured = { name: string; rows: number; p50: number; p95: number; target: TargetId };
const ok = (r: Measured) => meets(r.target, r.p95);

/** Each target's worst p95 of `measured`, kept with the database it ran on. */
function keep(measured: Measured[], label: string, more: Run['figures'] = {}) {
  const figures: Run['figures'] = { ...more };
  for (const target of new Set(measured.map((r) => r.target))) figures[target] = Number(worstOf(target, measured.filter((r) => r.target === target).map((r) => r.p95)).toFixed(1));
  recordRun('bench:desk', figures, { shortenedBy: ['BENCH_DESK_LEADS', 'BENCH_DESK_RUNS'], settings: process.env.BENCH_DESK_ONLY ? `${label} BENCH_DESK_ONLY=${process.env.BENCH_DESK_ONLY}` : label });
}

async function main() {
  const { handle, label, seeded, cleanup } = await openDatabase();
  const list: TargetId = label === 'PostgreSQL' ? 'desk-list-postgres' : 'desk-list-pglite';
  try {
    if (seeded) console.log(`bench:desk on ${label}: the kept database ${process.env.BENCH_DESK_KEEP}, as seeded before`);
    else {
      console.log(`bench:desk on ${label}: seeding ${COUNT.toLocaleString('en')} leads`);
      const seedStart = performance.now();
      await seed(handle);
      console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    }
    const scale = await measureReport(handle);
    console.log(`\n| query (${label}) | rows | p50 ms | p95 ms | target |`);
    console.log('| --- | --- | --- | --- | --- |');
    for (const r of scale) console.log(`| ${r.name} | ${r.rows} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${barText(r.target)}: ${ok(r) ? 'ok' : 'MISSED'} |`);
    if (process.env.BENCH_DESK_ONLY === 'report') {
      keep(scale, label);
      process.exitCode = scale.every(ok) ? 0 : 1;
      return;
    }
    const day = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
    const scenarios: Array<[string, string]> = [
      ['first page', ''],
      ['kind=order', 'kind=order'],
      ['status=new', 'status=new'],
      ['status=won', 'status=won'],
      ['department=support', 'department=support'],
      [`one day (${day})`, `from=${day}&to=${day}`],
      ['search: phone digits 9161234…', 'q=' + encodeURIComponent('+7 (916) 123')],
      ['search: name word', 'q=' + encodeURIComponent('Смирнова 4242')],
      ['search: one common word', 'q=' + encodeURIComponent('Иван')],
      ['search: two common words', 'q=' + encodeURIComponent('Ольга Смирнова')],
      ['search: e-mail', 'q=client777777%40example.com'],
      ['search: firm', 'q=' + encodeURIComponent('Запчасти 4999')],
    ];
    const results: Measured[] = [];
    for (const [name, query] of scenarios) {
      const filter = parseLeadFilter(new URLSearchParams(query));
      results.push(await measure(handle, name, filter, list));
      console.log(`\n  plan, ${name}:\n${await plan(handle, filter)}`);
    }
    // The table's sorts and its total, exact up to 10,000: a list of 50 and a count per filter.
    for (const query of ['sort=name', 'sort=-name', 'sort=status', 'kind=order&sort=-name', 'status=new&sort=name']) {
      const params = new URLSearchParams(query);
      results.push(await measure(handle, `sorted: ${query}`, parseLeadFilter(params), list, parseLeadSort(params)));
    }
    // The total runs beside the page's rows (src/app/[locale]/(desk)/desk/(app)/page.tsx), judged by the bar of the list at scale.
    for (const [name, query] of scenarios) results.push(await measure(handle, `count: ${name}`, parseLeadFilter(new URLSearchParams(query)), 'desk-count', DEFAULT_SORT, true));
    console.log(`\n| query (${label}) | rows | p50 ms | p95 ms | target |`);
    console.log('| --- | --- | --- | --- | --- |');
    for (const r of results) console.log(`| ${r.name} | ${r.rows} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${barText(r.target)}: ${ok(r) ? 'ok' : 'MISSED'} |`);
    const exported = await exportAll(handle);
    const rate = Math.round(exported.rowsPerSecond);
    const growth = Number(exported.growthMb.toFixed(1));
    const exportOk = meets('desk-export-rate', rate) && meets('desk-export-growth', growth);
    console.log(`\nCSV export: ${exported.rows.toLocaleString('en')} rows, ${exported.megabytes.toFixed(0)} MB in ${exported.seconds.toFixed(1)} s = ${rate.toLocaleString('en')} rows/s (target ${barText('desk-export-rate')}), memory +${growth} MB (target ${barText('desk-export-growth')}): ${exportOk ? 'ok' : 'MISSED'}`);
    keep([...scale, ...results], label, { 'desk-export-rate': rate, 'desk-export-growth': growth });
    process.exitCode = results.every(ok) && scale.every(ok) && exportOk ? 0 : 1;
  } finally {
    await cleanup();
  }
}

await main();
