import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoices, leads, staff } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { eraseLead } from '@/server/desk/lead-erase';
import { changeLeadStatus } from '@/server/desk/lead-work';
import { leadReport } from '@/server/desk/report';
import { BUCKET_EDGES, bucketOf } from '@/server/desk/report-figures';
import { createStaff } from '@/server/desk/staff';
import { parseWorkingHours } from '@/server/desk/working-hours';
import { testDatabases, useTestDb } from '../support/test-db';
import { STRONG, storeLead } from './desk-support';

const hours = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');
const march = { from: '2026-03-01', to: '2026-03-31' };
const at = (iso: string) => new Date(iso);

async function invoice(db: Parameters<typeof storeLead>[0], leadId: string, totalKopecks: number, status: string, seq: number) {
  const party = { name: 'ООО «Запчасти»', inn: '7707083893', address: 'Москва' };
  await db.insert(invoices).values({
    number: `2026-${String(seq).padStart(6, '0')}`, year: 2026, seq, status, issuedOn: '2026-03-20', dueOn: '2026-03-25',
    seller: party as never, buyer: party as never, buyerEmail: 'buyer@example.com', lines: [], totalKopecks, vatRate: '22', vatKopecks: 0,
    offerVersion: '1', lang: 'ru', leadId, createdAt: at('2026-03-20T10:00:00Z'),
  });
}

describe.each(testDatabases())('the lead report on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0' });
    await database.handle.db.delete(invoices);
    await database.handle.db.delete(leads);
    await database.handle.db.delete(staff);
  });

  it('counts leads per source, campaign, page and product, with medians, p90, owners’ bands and the invoices they brought', async () => {
    const { db } = database.handle;
    const anna = await createStaff(db, 'anna@desk.example', 'sales', STRONG);
    if (!anna.ok) throw new Error('no staff');
    await db.update(staff).set({ displayName: 'Анна Смирнова' }).where(eq(staff.id, anna.id));
    const campaign = { utm_source: 'Yandex', utm_medium: 'cpc', utm_campaign: 'spring', url: '/ru/tis?utm_source=yandex', product: 'tis' };
    const contacted = (minutes: number) => ({ firstContactAt: at('2026-03-10T12:00:00Z'), responseMinutes: minutes, status: 'in_progress' });
    await storeLead(db, { payload: campaign, createdAt: at('2026-03-10T09:00:00Z'), ...contacted(3) });
    await storeLead(db, { payload: campaign, createdAt: at('2026-03-11T09:00:00Z'), ...contacted(8) });
    const buyer = await storeLead(db, { email: 'Buyer@Example.com', payload: campaign, createdAt: at('2026-03-12T09:00:00Z'), ...contacted(40) });
    await storeLead(db, { kind: 'feedback', email: null, payload: { referrer: 'https://www.news.example', url: '/en/about#form' }, createdAt: at('2026-03-13T09:00:00Z') });
    const direct = await storeLead(db, { email: 'direct@example.com', payload: { product: 'epc' }, ownerId: anna.id, createdAt: at('2026-03-14T09:00:00Z'), ...contacted(70) });
    // Before the period (February) and an invoice's own lead: neither is counted as a lead.
    await storeLead(db, { payload: campaign, createdAt: at('2026-02-27T09:00:00Z'), ...contacted(1) });
    const bought = await storeLead(db, { kind: 'invoice', email: 'buyer@example.com', payload: { product: 'tis' }, createdAt: at('2026-03-20T10:00:00Z') });
    const ordered = await storeLead(db, { kind: 'invoice', email: 'direct@example.com', payload: { product: 'epc' }, createdAt: at('2026-03-20T10:00:00Z') });
    await invoice(db, bought.id, 4_290_000, 'paid', 1);
    await invoice(db, ordered.id, 100_000, 'issued', 2);
    await invoice(db, ordered.id, 55_000, 'cancelled', 3);
    void buyer;
    void direct;

    const report = await leadReport(db, march, hours);
    expect(report.total).toMatchObject({ leads: 5, contacted: 4, median: 8, p90: 60, invoices: 2, invoicedKopecks: 4_390_000, payments: 1, paidKopecks: 4_290_000 });
    expect(report.tables.source).toEqual([
      { key: 'yandex / cpc', leads: 3, contacted: 3, median: 8, p90: 40, invoices: 1, invoicedKopecks: 4_290_000, payments: 1, paidKopecks: 4_290_000 },
      { key: null, leads: 1, contacted: 1, median: 60, p90: 60, invoices: 1, invoicedKopecks: 100_000, payments: 0, paidKopecks: 0 },
      { key: 'news.example', leads: 1, contacted: 0, median: undefined, p90: undefined, invoices: 0, invoicedKopecks: 0, payments: 0, paidKopecks: 0 },
    ]);
    expect(report.tables.campaign.map((row) => [row.key, row.leads])).toEqual([['spring', 3], [null, 2]]);
    expect(report.tables.page.map((row) => [row.key, row.leads])).toEqual([['/ru/tis', 3], [null, 1], ['/en/about', 1]].sort((a, b) => Number(b[1]) - Number(a[1]) || String(a[0] ?? '').localeCompare(String(b[0] ?? ''))));
    expect(report.tables.product.map((row) => [row.key, row.leads, row.paidKopecks])).toEqual([['tis', 3, 4_290_000], [null, 1, 0], ['epc', 1, 0]].sort((a, b) => Number(b[1]) - Number(a[1]) || String(a[0] ?? '').localeCompare(String(b[0] ?? ''))));
    expect(report.owners).toEqual([
      { ownerId: null, name: null, leads: 4, contacted: 3, median: 8, bands: { under5: 1, to10: 1, to30: 0, to60: 1, over60: 0 } },
      { ownerId: anna.id, name: 'Анна Смирнова', leads: 1, contacted: 1, median: 60, bands: { under5: 0, to10: 0, to30: 0, to60: 0, over60: 1 } },
    ]);
    expect(report.weeks.map((week) => week.start)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    expect(report.weeks.find((week) => week.start === '2026-03-09')!.leads).toBe(5);
  });

  it('stores the working minutes of the first contact, and fills those of leads contacted before', async () => {
    const { db } = database.handle;
    const always = parseWorkingHours('Mon-Sun 00:00-24:00 UTC');
    const person = await createStaff(db, 'boris@desk.example', 'sales', STRONG);
    if (!person.ok) throw new Error('no staff');
    const [actor] = await db.select().from(staff).where(eq(staff.id, person.id));
    const lead = await storeLead(db, { createdAt: new Date(Date.now() - 7.5 * 60_000) });
    await changeLeadStatus(db, lead.id, actor!, 'in_progress', undefined, always);
    await changeLeadStatus(db, lead.id, actor!, 'won', undefined, always);
    const [stored] = await db.select({ minutes: leads.responseMinutes }).from(leads).where(eq(leads.id, lead.id));
    expect(stored!.minutes).toBe(7);
    // Contacted before the column existed: Friday 17:58 → Monday 09:03 Moscow is 5 working minutes.
    const old = await storeLead(db, { createdAt: at('2026-03-06T14:58:00Z'), firstContactAt: at('2026-03-09T06:03:00Z'), status: 'won' });
    const report = await leadReport(db, march, hours);
    const [filled] = await db.select({ minutes: leads.responseMinutes }).from(leads).where(eq(leads.id, old.id));
    expect(filled!.minutes).toBe(5);
    expect(report.total.median).toBe(5);
  });

  it('names the source by the campaign’s utm_source / utm_medium, else the referring site’s domain, else none (direct)', async () => {
    const { db } = database.handle;
    const cases: Array<[Record<string, unknown>, string | null, string | null]> = [
      [{ utm_source: 'Yandex', utm_medium: 'CPC', referrer: 'https://news.example' }, 'yandex / cpc', '/ru'],
      [{ utm_source: 'google' }, 'google', '/ru'],
      [{ utm_source: '  ', referrer: 'https://www.Drive2.ru' }, 'drive2.ru', '/ru'],
      [{ referrer: 'http://user@forum.example:8080/topic?id=1' }, 'forum.example', '/ru'],
      [{ referrer: 'not a url' }, null, '/ru'],
      [{}, null, '/ru'],
    ];
    for (const [payload, source, page] of cases) {
      const lead = await storeLead(db, { payload: { ...payload, url: '/ru?utm_source=x#top' } });
      const [row] = await db.select({ source: leads.reportSource, page: leads.reportPage }).from(leads).where(eq(leads.id, lead.id));
      expect([payload, row!.source, row!.page]).toEqual([payload, source, page]);
    }
  });

  it('keeps the counts current in the lead’s own transaction: an owner handed over, a lead erased or deleted, and the buckets the same in SQL as here', async () => {
    const { db } = database.handle;
    const person = await createStaff(db, 'vera@desk.example', 'sales', STRONG);
    if (!person.ok) throw new Error('no staff');
    const lead = await storeLead(db, { payload: { utm_source: 'google', utm_medium: 'cpc' }, createdAt: at('2026-03-11T09:00:00Z'), firstContactAt: at('2026-03-11T09:30:00Z'), responseMinutes: 30, status: 'won' });
    const other = await storeLead(db, { payload: {}, createdAt: at('2026-03-12T09:00:00Z') });
    await db.update(leads).set({ ownerId: person.id }).where(eq(leads.id, lead.id));
    let report = await leadReport(db, march, hours);
    expect(report.owners.map((row) => [row.ownerId, row.leads, row.bands.to60])).toEqual([[person.id, 1, 1], [null, 1, 0]]);
    expect(report.tables.source.map((row) => [row.key, row.leads])).toEqual([[null, 1], ['google / cpc', 1]]);
    await db.update(leads).set({ payload: {} }).where(eq(leads.id, lead.id));
    await db.delete(leads).where(eq(leads.id, other.id));
    report = await leadReport(db, march, hours);
    expect(report.tables.source.map((row) => [row.key, row.leads])).toEqual([[null, 1]]);
    expect(report.total).toMatchObject({ leads: 1, contacted: 1, median: 30 });
    const minutes = [0, 4, 5, 14, 15, 29, 30, 61, 959, 960, 10_000];
    const { rows } = (await db.execute(sql`select m, lead_report_bucket(m, true) as b from unnest(${`{${minutes.join(',')}}`}::int[]) as m`)) as unknown as { rows: Array<{ m: number; b: number }> };
    expect(rows.map((row) => BUCKET_EDGES[row.b])).toEqual(minutes.map((m) => BUCKET_EDGES[bucketOf(m)]));
  });

  it('credits an invoice anew when the lead that brought it is erased or deleted, and drops it when its own lead goes', async () => {
    const { db } = database.handle;
    const campaign = { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'spring', product: 'tis' };
    const first = await storeLead(db, { email: 'shop@example.com', payload: { referrer: 'https://drive2.ru/x' }, createdAt: at('2026-03-05T09:00:00Z') });
    const latest = await storeLead(db, { email: 'SHOP@example.com', payload: campaign, createdAt: at('2026-03-10T09:00:00Z') });
    const own = await storeLead(db, { kind: 'invoice', email: 'shop@example.com', payload: { product: 'epc' }, createdAt: at('2026-03-20T10:00:00Z') });
    await invoice(db, own.id, 1_290_000, 'paid', 7);
    const sources = async () => (await leadReport(db, march, hours)).tables.source.filter((row) => row.invoices).map((row) => [row.key, row.invoices, row.paidKopecks]);
    // The latest earlier lead of the same e-mail, whatever its case.
    expect(await sources()).toEqual([['yandex / cpc', 1, 1_290_000]]);
    // Erased (its e-mail and campaign blanked): the one before it.
    await eraseLead(db, latest.id);
    expect(await sources()).toEqual([['drive2.ru', 1, 1_290_000]]);
    // Deleted: the invoice's own lead, which came with no campaign (direct).
    await db.delete(leads).where(eq(leads.id, first.id));
    expect(await sources()).toEqual([[null, 1, 1_290_000]]);
    // The invoice's own lead deleted too: the invoice has no lead to count for.
    await db.delete(leads).where(eq(leads.id, own.id));
    expect(await sources()).toEqual([]);
    expect((await leadReport(db, march, hours)).total.invoices).toBe(0);
  });
});
