import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as leadAction } from '@/app/api/desk/leads/[id]/route';
import { leads, staff, staffSessions } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { parseLeadFilter, parseLeadSort, withDefaultOwner, type LeadSort } from '@/server/desk/lead-filter';
import { COUNT_BOUND, countLeads, decodeCursor, listLeads } from '@/server/desk/lead-list';
import { leadHistory } from '@/server/desk/lead-work';
import { parseWorkingHours } from '@/server/desk/working-hours';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskForm, signedInStaff, storeLead } from './desk-support';

const hours = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const filter = (query: string) => parseLeadFilter(new URLSearchParams(query));
const sortOf = (value: string): LeadSort => parseLeadSort(new URLSearchParams({ sort: value }));

describe.each(testDatabases())('the list as a table, and notes as a timeline, on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0' });
    const { db } = database.handle;
    await db.delete(staffSessions);
    await db.delete(leads);
    await db.delete(staff);
  });

  /** Every row of a sorted list, page after page through the keyset cursor. */
  async function walk(sort: LeadSort, query = '', size = 7) {
    const { db } = database.handle;
    const seen: Array<{ id: string; name: string; kind: string; status: string; createdAt: Date }> = [];
    let after: string | undefined;
    do {
      const page = await listLeads(db, filter(query), hours, decodeCursor(after, sort), size, sort);
      seen.push(...page.rows);
      after = page.next;
    } while (after && seen.length < 500);
    return seen;
  }

  it('sorts by a column either way and pages through it by keyset, ties broken by time and id, nothing twice or lost', async () => {
    const { db } = database.handle;
    const base = Date.parse('2026-03-04T10:00:00Z');
    const names = ['Вера', 'Анна', 'Борис', 'anna', 'Zoe', 'Анна'];
    for (let index = 0; index < 40; index += 1) {
      await storeLead(db, {
        name: names[index % names.length],
        kind: index % 3 ? 'btn_demo' : 'feedback',
        status: (['new', 'in_progress', 'won', 'lost'] as const)[index % 4],
        // Several leads in the same second: time and id break the ties.
        createdAt: new Date(base + Math.floor(index / 3) * 1000),
      });
    }
    for (const value of ['name', '-name', 'kind', '-kind', 'status', '-status', 'created', '-created']) {
      const sort = sortOf(value);
      const rows = await walk(sort);
      expect(rows, value).toHaveLength(40);
      expect(new Set(rows.map((row) => row.id)).size, value).toBe(40);
      // The database's own order (its collation for names) is the reference: each page continues it.
      const key = sort.key === 'created' ? undefined : sort.key;
      for (let index = 1; index < rows.length; index += 1) {
        const [before, row] = [rows[index - 1]!, rows[index]!];
        if (key && before[key] !== row[key]) continue;
        // Equal in the column (or sorted by time): the time runs the sort's way.
        if (sort.desc) expect(before.createdAt.getTime(), value).toBeGreaterThanOrEqual(row.createdAt.getTime());
        else expect(before.createdAt.getTime(), value).toBeLessThanOrEqual(row.createdAt.getTime());
      }
      if (key) {
        const groups = rows.map((row) => row[key]).filter((one, index, all) => index === 0 || all[index - 1] !== one);
        // Each value is one run: the column is sorted, not shuffled between pages.
        expect(new Set(groups).size, value).toBe(groups.length);
      }
    }
    const byKind = await walk(sortOf('kind'));
    expect(byKind.at(0)!.kind).toBe('btn_demo');
    expect(byKind.at(-1)!.kind).toBe('feedback');
    const byStatusDown = await walk(sortOf('-status'));
    expect(byStatusDown.at(0)!.status).toBe('won');
    // Sorted and filtered: the filter holds on every page.
    const filtered = await walk(sortOf('-name'), 'kind=feedback', 3);
    expect(filtered).toHaveLength(14);
    expect(filtered.every((row) => row.kind === 'feedback')).toBe(true);
  });

  it('puts the call-backs whose time has come first on the first page, once, and pages on from the list’s own order', async () => {
    const { db } = database.handle;
    const now = Date.parse('2026-03-10T12:00:00Z');
    for (let day = 1; day <= 6; day += 1) await storeLead(db, { name: `Лид ${day}`, createdAt: new Date(`2026-03-0${day}T09:00:00Z`) });
    // The oldest lead is to be called back an hour ago; a later one in an hour; a due one already won is done.
    const due = await storeLead(db, { name: 'Перезвонить', createdAt: new Date('2026-02-01T09:00:00Z'), callbackAt: new Date(now - 3_600_000), status: 'in_progress' });
    await storeLead(db, { name: 'Позже', createdAt: new Date('2026-02-02T09:00:00Z'), callbackAt: new Date(now + 3_600_000) });
    await storeLead(db, { name: 'Готово', createdAt: new Date('2026-02-03T09:00:00Z'), callbackAt: new Date(now - 60_000), status: 'won' });
    const sort = parseLeadSort(new URLSearchParams());
    const first = await listLeads(db, filter(''), hours, undefined, 4, sort, now);
    expect(first.rows.map((row) => row.name)).toEqual(['Перезвонить', 'Лид 6', 'Лид 5', 'Лид 4', 'Лид 3']);
    expect(first.rows[0]).toMatchObject({ id: due.id, callbackDue: true });
    const second = await listLeads(db, filter(''), hours, decodeCursor(first.next, sort), 4, sort, now);
    expect(second.rows.map((row) => row.name)).toEqual(['Лид 2', 'Лид 1', 'Готово', 'Позже']);
  });

  it('a cursor of another sort starts the list again instead of mixing two orders', async () => {
    const { db } = database.handle;
    for (let index = 0; index < 5; index += 1) await storeLead(db, { name: `Name ${index}` });
    const page = await listLeads(db, {}, hours, undefined, 2, sortOf('name'));
    expect(decodeCursor(page.next, sortOf('name'))).toMatchObject({ key: 'name', value: 'Name 1' });
    expect(decodeCursor(page.next, sortOf('status'))).toBeUndefined();
    expect(decodeCursor(page.next)).toBeUndefined();
    expect(parseLeadSort(new URLSearchParams('sort=;drop'))).toEqual({ key: 'created', desc: true });
  });

  it('counts the filtered leads exactly up to the bound, and says «more» above it', async () => {
    const { db } = database.handle;
    for (let index = 0; index < 12; index += 1) await storeLead(db, { kind: index % 2 ? 'feedback' : 'btn_demo', status: index < 3 ? 'won' : 'new' });
    expect(await countLeads(db, {}, hours)).toEqual({ count: 12, more: false });
    expect(await countLeads(db, filter('kind=feedback'), hours)).toEqual({ count: 6, more: false });
    expect(await countLeads(db, filter('kind=feedback&status=won'), hours)).toEqual({ count: 1, more: false });
    expect(await countLeads(db, filter('q=nobody-like-this'), hours)).toEqual({ count: 0, more: false });
    // One more than the bound, in one statement (the report's trigger counts each row: longer than the app's statement bound).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`insert into leads (kind, name, phone, lang, payload) select 'btn_buy', 'Bulk', '+7 900 000-00-00', 'ru', '{}'::jsonb from generate_series(1, ${COUNT_BOUND + 1})`);
    });
    expect(await countLeads(db, {}, hours)).toEqual({ count: COUNT_BOUND, more: true });
    expect(await countLeads(db, filter('kind=feedback'), hours)).toEqual({ count: 6, more: false });
  }, 60_000);

  it('filters by owner: mine, nobody’s, one member’s; sales start on their own, admins on everyone’s', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const other = await signedInStaff(db, 'other@example.com', 'sales');
    await db.update(staff).set({ displayName: 'Ольга Продажи' }).where(eq(staff.id, sales.id));
    const mine = await storeLead(db, { name: 'Mine', ownerId: sales.id });
    await storeLead(db, { name: 'Theirs', ownerId: other.id });
    await storeLead(db, { name: 'Nobody' });
    const names = async (query: string, me = sales.id, role = 'sales') =>
      (await listLeads(db, withDefaultOwner(filter(query), { id: me, role }), hours)).rows.map((row) => row.name).sort();
    expect(await names('')).toEqual(['Mine']);
    expect(await names('owner=mine')).toEqual(['Mine']);
    expect(await names('owner=none')).toEqual(['Nobody']);
    expect(await names(`owner=${other.id}`)).toEqual(['Theirs']);
    expect(await names('owner=all')).toEqual(['Mine', 'Nobody', 'Theirs']);
    expect(await names('', sales.id, 'admin')).toEqual(['Mine', 'Nobody', 'Theirs']);
    expect(await names('owner=nonsense')).toEqual(['Mine']);
    const [row] = (await listLeads(db, { owner: 'all' }, hours)).rows.filter((one) => one.id === mine.id);
    expect(row!.ownerName).toBe('Ольга Продажи');
    expect((await listLeads(db, { owner: 'none' }, hours)).rows[0]!.ownerName).toBeNull();
  });

  it('keeps every comment as its own entry with its author and time; a status change and its comment are one entry', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const admin = await signedInStaff(db, 'admin@example.com', 'admin');
    await db.update(staff).set({ displayName: 'Admin Person' }).where(eq(staff.id, admin.id));
    const lead = await storeLead(db);
    const post = (fields: Record<string, string>, cookie: string) => leadAction(deskForm(`/api/desk/leads/${lead.id}`, fields, cookie), params(lead.id));
    expect((await post({ action: 'note', note: 'Первый звонок: занято' }, sales.cookie)).headers.get('location')).toContain('done=noteSaved');
    expect((await post({ action: 'note', note: 'Второй: попросил перезвонить' }, admin.cookie)).headers.get('location')).toContain('done=noteSaved');
    expect((await post({ action: 'status', status: 'in_progress', note: 'Дозвонился, готовим КП' }, sales.cookie)).headers.get('location')).toContain('done=statusChanged');
    // An empty comment adds nothing; the same status with a comment keeps the comment.
    expect((await post({ action: 'note', note: '   ' }, sales.cookie)).headers.get('location')).toContain('error=invalidInput');
    await post({ action: 'status', status: 'in_progress', note: 'Ещё раз: ждёт КП' }, sales.cookie);

    const timeline = await leadHistory(db, lead.id);
    // The first note of the salesperson on an unowned lead takes it (an owner entry before it).
    expect(timeline.map((entry) => [entry.action, entry.author, entry.note, entry.toStatus])).toEqual([
      ['owner', 'sales@example.com', null, null],
      ['note', 'sales@example.com', 'Первый звонок: занято', null],
      ['note', 'Admin Person', 'Второй: попросил перезвонить', null],
      ['status', 'sales@example.com', 'Дозвонился, готовим КП', 'in_progress'],
      ['note', 'sales@example.com', 'Ещё раз: ждёт КП', null],
    ]);
    expect(timeline.every((entry) => entry.createdAt instanceof Date)).toBe(true);
    // The list (and the export) read the latest comment; the old single note is never written.
    const [row] = (await listLeads(db, { owner: 'all' }, hours)).rows;
    expect(row!.note).toBe('Ещё раз: ждёт КП');
    const [stored] = await db.select({ note: leads.note }).from(leads).where(eq(leads.id, lead.id));
    expect(stored!.note).toBeNull();
  });
});
