import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as exportLeads } from '@/app/api/desk/export/route';
import { leads, securityEvents, staff, staffSessions } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskGet, signedInStaff, storeLead } from './desk-support';

/** A CSV of ours back into cells (every cell quoted, quotes doubled, CRLF between rows). */
function csvCells(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').trimEnd().split('\r\n')) {
    const cells: string[] = [];
    const pattern = new RegExp(`"((?:[^"]|"")*)"(?:${separator}|$)`, 'gy');
    for (let match = pattern.exec(line); match; match = pattern.exec(line)) cells.push(match[1]!.replace(/""/g, '"'));
    rows.push(cells);
  }
  return rows;
}

async function workbookOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe.each(testDatabases())('lead exports in the desk time zone, CSV and xlsx, on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0', DESK_WORKING_HOURS: 'Mon-Fri 09:00-18:00 Europe/Moscow' });
    const { db } = database.handle;
    await db.delete(staffSessions);
    await db.delete(staff);
    await db.delete(leads);
    await db.delete(securityEvents);
  });

  it('writes the CSV times on the desk clock and names the zone in the header', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    await storeLead(db, { createdAt: new Date('2026-03-01T21:30:00Z'), firstContactAt: new Date('2026-03-01T21:45:10Z') });
    const response = await exportLeads(deskGet('/api/desk/export?kind=btn_buy&locale=en', sales.cookie));
    const [header, row] = csvCells(await response.text(), ',');
    expect(header![0]).toBe('Received (Europe/Moscow)');
    const firstContact = header!.indexOf('First contact (Europe/Moscow)');
    expect(firstContact).toBeGreaterThan(0);
    expect(row![0]).toBe('2026-03-02 00:30:00');
    expect(row![firstContact]).toBe('2026-03-02 00:45:10');
  });

  it('ends a CSV and an xlsx of a whole number of batches (1,000 and 2,000 leads) instead of waiting for ever', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    for (const total of [1000, 2000]) {
      await db.delete(leads);
      await db.execute(sql`insert into leads (kind, name, phone, lang, payload, created_at) select 'btn_buy', 'Bulk ' || i, '+7 900 000-00-00', 'ru', '{}'::jsonb, now() - make_interval(secs => i) from generate_series(1, ${total}) as i`);
      const csv = await exportLeads(deskGet('/api/desk/export?kind=btn_buy&locale=en', sales.cookie));
      expect(csvCells(await csv.text(), ',')).toHaveLength(total + 1);
      const xlsx = await exportLeads(deskGet('/api/desk/export?kind=btn_buy&locale=en&format=xlsx', sales.cookie));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await xlsx.arrayBuffer());
      expect(book.worksheets[0]!.rowCount).toBe(total + 1);
    }
  }, 60_000);

  it('gives the same rows as an xlsx with text phones, date cells in the zone and numbers', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    await storeLead(db, { createdAt: new Date('2026-03-01T21:30:00Z'), name: '=1+2', phone: '+7 (916) 123-45-67' });
    await storeLead(db, { createdAt: new Date('2026-03-03T08:00:00Z'), name: '@SUM(A1)', phone: '+7 (900) 000-00-01' });
    await storeLead(db, { kind: 'feedback', name: 'Not in the filter' });

    const csv = csvCells(await (await exportLeads(deskGet('/api/desk/export?kind=btn_buy&locale=en', sales.cookie))).text(), ',');
    const response = await exportLeads(deskGet('/api/desk/export?kind=btn_buy&locale=en&format=xlsx', sales.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = await workbookOf(response);
    expect(sheet.rowCount).toBe(csv.length);
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(csv[0]);
    const column = (label: string) => header.indexOf(label) + 1;

    const first = sheet.getRow(3);
    // A date cell, with a date format, on the desk's clock.
    const created = first.getCell(column('Received (Europe/Moscow)'));
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect((created.value as Date).toISOString()).toBe('2026-03-02T00:30:00.000Z');
    expect(created.numFmt).toMatch(/yyyy-mm-dd hh:mm/);
    // The number a number.
    const number = first.getCell(column('Number'));
    expect(number.type).toBe(ExcelJS.ValueType.Number);
    // A phone and a formula-looking name are text, no apostrophe.
    const phone = first.getCell(column('Phone'));
    expect([ExcelJS.ValueType.String, ExcelJS.ValueType.RichText]).toContain(phone.type);
    expect(phone.text).toBe(csv[2]![column('Phone') - 1]!.replace(/^'/, ''));
    expect(phone.text).not.toMatch(/^'/);
    const name = first.getCell(column('Name'));
    expect(name.type).not.toBe(ExcelJS.ValueType.Formula);
    expect(name.text).toBe('=1+2');
    expect(sheet.getRow(2).getCell(column('Name')).text).toBe('@SUM(A1)');

    // Row for row, cell for cell, the CSV's content (the CSV makes formulas inert with an apostrophe).
    for (let at = 2; at <= sheet.rowCount; at += 1) {
      const cells = header.map((_, index) => {
        const cell = sheet.getRow(at).getCell(index + 1);
        if (cell.type === ExcelJS.ValueType.Date) return (cell.value as Date).toISOString().slice(0, 19).replace('T', ' ');
        return cell.text;
      });
      expect(cells).toEqual(csv[at - 1]!.map((cell) => cell.replace(/^'(?=[=+\-@])/, '')));
    }
  });

  it('checks an xlsx export as the CSV: signed in, and a full one confirmed and logged', async () => {
    const { db } = database.handle;
    expect((await exportLeads(deskGet('/api/desk/export?format=xlsx'))).status).toBe(401);
    const admin = await signedInStaff(db, 'boss@example.com', 'admin');
    await storeLead(db);
    const full = await exportLeads(deskGet('/api/desk/export?locale=en&format=xlsx', admin.cookie));
    expect(full.status).toBe(200);
    expect((await workbookOf(full)).rowCount).toBe(2);
    const logged = await db.select().from(securityEvents).where(eq(securityEvents.event, 'export.full'));
    expect(logged.map((event) => event.detail)).toEqual([{ format: 'xlsx' }]);
    await db.update(staffSessions).set({ authenticatedAt: sql`now() - interval '1 hour'` });
    const stale = await exportLeads(deskGet('/api/desk/export?locale=en&format=xlsx', admin.cookie));
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toMatch(/^\/en\/desk\/confirm\?back=/);
  });
});
