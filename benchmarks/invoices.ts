// npm run bench:invoices — the time to issue an invoice with its PDF: an account's
// `POST /api/invoices` (priced, numbered and stored with its lead in one transaction) followed by
// `GET /api/invoices/{id}/pdf` (the document made from the stored invoice), called in-process as
// Next.js calls the route handlers, BENCH_INVOICES times (200) after 20 to warm up; median and p95
// of each and of both, on PGlite in a temporary directory, or with BENCH_INVOICES_PG_URL (a
// server's admin URL) on a PostgreSQL database of its own, dropped afterwards. Target: p95 of both
// under 250 ms (benchmarks/targets.mjs). Also the PDF's size. BENCH_INVOICES shortens it, and the
// run is then not kept.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { POST as register } from '@/app/api/auth/registration/route';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { GET as invoicePdf } from '@/app/api/invoices/[id]/pdf/route';
import { openPostgres } from '@/db/client';
import { closeDb } from '@/server/database';
import { setEnvForTests } from '@/server/env';
import { ORDER, SELLER_SETTINGS } from '../tests/support/seller.mjs';
import { recordRun } from './lib/record-run.mjs';
import { barText, meets } from './targets.mjs';

const COUNT = Number(process.env.BENCH_INVOICES || 200);
const WARM = 20;

async function database(): Promise<{ label: string; cleanup: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_INVOICES_PG_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-invoices-'));
    Object.assign(process.env, { DATABASE_URL: '', DATA_DIR: dir });
    return { label: 'PGlite', cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bench_invoices_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(adminUrl, 1);
  await admin.db.execute(sql.raw(`CREATE DATABASE "${name}"`));
  await admin.close();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  return {
    label: 'PostgreSQL',
    cleanup: async () => {
      const drop = await openPostgres(adminUrl, 1);
      await drop.db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      await drop.close();
    },
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const row = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `| ${label} | ${quantile(sorted, 0.5).toFixed(1)} | ${quantile(sorted, 0.95).toFixed(1)} | ${sorted.at(-1)!.toFixed(1)} |`;
};

let address = 0;
const headers = (extra: Record<string, string> = {}) => ({ 'Content-Type': 'application/json', 'Accept-Language': 'ru', 'X-Forwarded-For': `198.18.${Math.floor(++address / 250)}.${(address % 250) + 1}`, host: 'localhost:3000', ...extra });

async function main() {
  const { label, cleanup } = await database();
  Object.assign(process.env, SELLER_SETTINGS, { SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', TRUST_PROXY: '1', LOG_LEVEL: 'error' });
  setEnvForTests({ ...SELLER_SETTINGS });
  try {
    const signUp = await register(
      new Request('http://localhost:3000/api/auth/registration', {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ email: 'bench@example.com', phone: '+79123456789', pw: 'a rather unusual passphrase', pw2: 'a rather unusual passphrase', name_i: 'Иван', firm_name: 'Firm', country_name: 'Россия', city_name: 'Казань', consent: true }),
      }),
    );
    const token = (await signUp.json()).result.token as string;
    const order = JSON.stringify(ORDER);
    const issue: number[] = [];
    const pdf: number[] = [];
    const both: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARM + COUNT; i++) {
      const started = performance.now();
      const answer = await createInvoice(new Request('http://localhost:3000/api/invoices', { method: 'POST', headers: headers({ Authorization: `Bearer ${token}` }), body: order }));
      if (answer.status !== 200) throw new Error(`POST /api/invoices answered ${answer.status}: ${await answer.text()}`);
      const { id } = (await answer.json()).result.invoice as { id: string };
      const issued = performance.now();
      const document = await invoicePdf(new Request(`http://localhost:3000/api/invoices/${id}/pdf`, { headers: headers({ Authorization: `Bearer ${token}` }) }), { params: Promise.resolve({ id }) });
      if (document.status !== 200) throw new Error(`GET …/pdf answered ${document.status}`);
      bytes = (await document.arrayBuffer()).byteLength;
      const done = performance.now();
      if (i < WARM) continue;
      issue.push(issued - started);
      pdf.push(done - issued);
      both.push(done - started);
    }
    console.log(`\nInvoices on ${label}, ${COUNT} one after another (after ${WARM} to warm up); the PDF is ${(bytes / 1024).toFixed(1)} KB`);
    console.log('| step | median ms | p95 ms | max ms |\n| --- | --- | --- | --- |');
    console.log(row('POST /api/invoices (priced, numbered, stored with its lead)', issue));
    console.log(row('GET /api/invoices/{id}/pdf (made from the stored invoice)', pdf));
    console.log(row('both: an invoice with its PDF', both));
    const p95 = quantile([...both].sort((a, b) => a - b), 0.95);
    recordRun('bench:invoices', { 'invoice-p95': Number(p95.toFixed(1)) }, { shortenedBy: ['BENCH_INVOICES'], settings: label });
    if (!meets('invoice-p95', p95)) {
      console.log(`MISSED: an invoice with its PDF p95 ${p95.toFixed(1)} ms, target ${barText('invoice-p95')}`);
      process.exitCode = 1;
    }
  } finally {
    await closeDb();
    await cleanup();
  }
}

await main();
