// npm run bench:desk — the sales desk at scale (issue 14): seeds BENCH_DESK_LEADS (1,000,000) leads
// into a throw-away database, then measures the list's first page, each single filter and a
// search (p95 over BENCH_DESK_RUNS runs; targets 50 ms on PostgreSQL, 150 ms on PGlite), prints
// the plans they ran, and streams the CSV export of every lead (target ≥ 50,000 rows/s with the
// process growing by ≤ 50 MB). PGlite in a temporary directory by default; with
// BENCH_DESK_PG_URL (a server's admin URL) a database of its own there, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, sql } from 'drizzle-orm';
import { migrateDb, openPglite, openPostgres, type DbHandle } from '@/db/client';
import { exportLeadsCsv } from '@/server/desk/lead-export';
import { DEFAULT_SORT, parseLeadFilter, parseLeadSort, searchTerms, type LeadFilter, type LeadSort } from '@/server/desk/lead-filter';
import { countLeads, filterCondition, listLeads, searchWindow } from '@/server/desk/lead-list';
import { parseWorkingHours } from '@/server/desk/working-hours';

const COUNT = Number(process.env.BENCH_DESK_LEADS || 1_000_000);
const RUNS = Number(process.env.BENCH_DESK_RUNS || 30);
const hours = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');

async function openDatabase(): Promise<{ handle: DbHandle; label: 'PostgreSQL' | 'PGlite'; cleanup: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DESK_PG_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-desk-'));
    const handle = await openPglite(dir);
    await migrateDb(handle);
    return { handle, label: 'PGlite', cleanup: async () => { await handle.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `bench_desk_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Seeded in statements of 100,000 rows: longer than the app's statement bound.
  const handle = await openPostgres(url.toString(), 4, { bounded: false });
  await migrateDb(handle);
  return {
    handle,
    label: 'PostgreSQL',
    cleanup: async () => {
      await handle.close();
      const drop = await openPostgres(adminUrl, 1);
      await drop.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      await drop.close();
    },
  };
}

/** One lead every 40 s back from now (≈ 15 months for a million), the kinds, statuses and departments mixed. */
async function seed(handle: DbHandle): Promise<void> {
  const { db } = handle;
  await db.execute(sql`ALTER TABLE leads DISABLE TRIGGER leads_desk_notify`);
  const chunk = 100_000;
  for (let from = 0; from < COUNT; from += chunk) {
    const to = Math.min(COUNT, from + chunk) - 1;
    await db.execute(sql`
      INSERT INTO leads (kind, name, phone, email, lang, payload, client_address, created_at, status, first_contact_at)
      SELECT (ARRAY['feedback','btn_buy','btn_demo','order','registration'])[1 + i % 5],
             (ARRAY['Иван','Ольга','Пётр','Анна','Sergey','Maria'])[1 + i % 6] || ' ' || (ARRAY['Петров','Смирнова','Kuznetsov','Иванова'])[1 + (i / 7) % 4] || ' ' || i,
             '+7 (9' || lpad((i % 100)::text, 2, '0') || ') ' || lpad(((i / 100) % 1000)::text, 3, '0') || '-' || lpad(((i / 100000) % 100)::text, 2, '0') || '-' || lpad((i % 97)::text, 2, '0'),
             'client' || i || '@example.com', (ARRAY['ru','en'])[1 + i % 2],
             CASE WHEN i % 5 = 0 THEN jsonb_build_object('department', (ARRAY['seller','support'])[1 + (i / 5) % 2], 'note', 'Вопрос по каталогу')
                  WHEN i % 5 = 4 THEN jsonb_build_object('firm_name', 'ООО «Запчасти ' || (i % 5000) || '»', 'country_name', 'Россия', 'city_name', 'Казань')
                  ELSE jsonb_build_object('t_client', '1', 'url', '/ru/epc', 'utm', jsonb_build_object('utm_source', 'yandex')) END,
             '77.88.' || (i % 250) || '.' || (i % 200 + 1),
             now() - make_interval(secs => i * 40),
             CASE WHEN i < 300 THEN 'new' ELSE (ARRAY['won','lost','spam','in_progress'])[1 + i % 4] END,
             CASE WHEN i < 300 THEN NULL ELSE now() - make_interval(secs => i * 40 - 300 - i % 900) END
      FROM generate_series(${from}::int, ${to}::int) AS i`);
    process.stdout.write(`  seeded ${to + 1}\n`);
  }
  await db.execute(sql`ALTER TABLE leads ENABLE TRIGGER leads_desk_notify`);
  await db.execute(sql`ANALYZE leads`);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

async function measure(handle: DbHandle, name: string, filter: LeadFilter, limitMs: number, sort: LeadSort = DEFAULT_SORT, count = false) {
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
  return { name, rows, p50: percentile(times, 50), p95, ok: p95 <= limitMs };
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

async function main() {
  const { handle, label, cleanup } = await openDatabase();
  const limit = label === 'PostgreSQL' ? 50 : 150;
  try {
    console.log(`bench:desk on ${label}: seeding ${COUNT.toLocaleString('en')} leads`);
    const seedStart = performance.now();
    await seed(handle);
    console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
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
    const results = [];
    for (const [name, query] of scenarios) {
      const filter = parseLeadFilter(new URLSearchParams(query));
      results.push(await measure(handle, name, filter, limit));
      console.log(`\n  plan, ${name}:\n${await plan(handle, filter)}`);
    }
    // The table's sorts (issue 45) and its total, exact up to 10,000: a list of 50 and a count per filter.
    for (const query of ['sort=name', 'sort=-name', 'sort=status', 'kind=order&sort=-name', 'status=new&sort=name']) {
      const params = new URLSearchParams(query);
      results.push(await measure(handle, `sorted: ${query}`, parseLeadFilter(params), limit, parseLeadSort(params)));
    }
    for (const [name, query] of scenarios) results.push(await measure(handle, `count: ${name}`, parseLeadFilter(new URLSearchParams(query)), limit, DEFAULT_SORT, true));
    console.log(`\n| query (${label}) | rows | p50 ms | p95 ms | target ≤ ${limit} ms |`);
    console.log('| --- | --- | --- | --- | --- |');
    for (const r of results) console.log(`| ${r.name} | ${r.rows} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.ok ? 'ok' : 'MISSED'} |`);
    const exported = await exportAll(handle);
    const exportOk = exported.rowsPerSecond >= 50_000 && exported.growthMb <= 50;
    console.log(`\nCSV export: ${exported.rows.toLocaleString('en')} rows, ${exported.megabytes.toFixed(0)} MB in ${exported.seconds.toFixed(1)} s = ${Math.round(exported.rowsPerSecond).toLocaleString('en')} rows/s (target ≥ 50,000), memory +${exported.growthMb.toFixed(1)} MB (target ≤ 50): ${exportOk ? 'ok' : 'MISSED'}`);
    process.exitCode = results.every((r) => r.ok) && exportOk ? 0 : 1;
  } finally {
    await cleanup();
  }
}

await main();
