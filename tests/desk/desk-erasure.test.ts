import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as register } from '@/app/api/auth/registration/route';
import { GET as exportCsv } from '@/app/api/desk/export/route';
import { POST as leadAction } from '@/app/api/desk/leads/[id]/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { migrateDb, openPglite } from '@/db/client';
import { leadEvents, leads, outboxMessages, sessions, staff, staffSessions, users } from '@/db/schema';
import { setDbForTests } from '@/server/database';
import { compactSoon } from '@/server/desk/erasure-compaction';
import { parseLeadFilter } from '@/server/desk/lead-filter';
import { listLeads } from '@/server/desk/lead-list';
import { parseWorkingHours } from '@/server/desk/working-hours';
import { setEnvForTests } from '@/server/env';
import { jsonRequest } from '../support/requests';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskForm, deskGet, signedInStaff } from './desk-support';
import { captureLog } from '../support/log-capture';

/**
 * An erased lead and the account its registration made are found nowhere: not in
 * the rows, the history, the search, the export, the log, nor the embedded database's files.
 * Every value a person gave carries a marker, so a leftover anywhere shows.
 */
const MARK = 'zqxmark';
const account = {
  email: `${MARK}.owner@example.com`,
  phone: '+79161112233',
  pw: 'correct horse battery',
  pw2: 'correct horse battery',
  name_i: `Олег${MARK}`,
  name_f: `Пирогов${MARK}`,
  firm_name: `ООО ${MARK}firm`,
  country_name: `Страна${MARK}`,
  city_name: `Город${MARK}`,
  consent: true,
  url: `/ru/epc?ref=${MARK}page`,
  utm_source: `${MARK}source`,
  utm_campaign: `${MARK}campaign`,
};
const buy = {
  t: 'btn_demo',
  lang: 'ru',
  name: `Анна ${MARK}`,
  phone: '+79169998877',
  email: `${MARK}.buyer@example.com`,
  t_client: '1',
  t_client_txt: `Позвоните ${MARK}comment`,
  vin: 'WVWZZZ1JZ3W386752',
  consent: true,
  url: `/ru/vehicle?vin=WVWZZZ1JZ3W386752&${MARK}query=1`,
  utm_source: `${MARK}source`,
  utm_medium: 'cpc',
  utm_campaign: `${MARK}campaign`,
  yandex_metrica_client_id: `${MARK}123`,
};
/** What must not be left: the marker, the phones' digits, the VIN. */
const LEFTOVERS = [MARK, '9161112233', '9169998877', 'WVWZZZ1JZ3W386752'];
const leftIn = (text: string) => LEFTOVERS.filter((value) => text.includes(value));

const hours = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe.each(testDatabases())('erasure on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  let log: ReturnType<typeof captureLog>;
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0' });
    log = captureLog();
    await db().delete(staffSessions);
    await db().delete(staff);
    await db().delete(outboxMessages);
    await db().delete(leads);
    await db().delete(users);
  });
  afterEach(() => log.restore());

  it('an erased lead and the account its registration made are found nowhere: rows, history notes, search, export, log', { timeout: 60_000 }, async () => {
    expect((await register(jsonRequest('/api/auth/registration', account))).status).toBe(200);
    expect((await sendLead(jsonRequest('/api/telega/send-mail', buy))).status).toBe(200);
    const stored = await db().select().from(leads);
    expect(stored).toHaveLength(2);
    const [user] = await db().select().from(users);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user!.id))).not.toHaveLength(0);

    const admin = await signedInStaff(db(), 'admin@example.com', 'admin');
    for (const lead of stored) {
      await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'in_progress', note: `Звонил ${MARK}, +7 916 111-22-33` }, admin.cookie), params(lead.id));
      await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'note', note: `Перезвонить ${MARK}` }, admin.cookie), params(lead.id));
    }
    const search = async (q: string) => (await listLeads(db(), parseLeadFilter(new URLSearchParams({ q })), hours)).rows.length;
    expect(await search(`${MARK}firm`)).toBe(1);
    const csv = async () => (await exportCsv(deskGet('/api/desk/export?locale=ru', admin.cookie))).text();
    expect(leftIn(await csv())).not.toHaveLength(0);

    for (const lead of stored) {
      const response = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'erase', confirm: 'yes' }, admin.cookie), params(lead.id));
      expect(response.headers.get('location')).toContain('done=erased');
    }
    await compactSoon();

    // The rows: contacts blank, the form reduced to the choices that class the lead.
    const erased = await db().select().from(leads);
    expect(erased.map((row) => row.payload).sort((a, b) => Object.keys(a).length - Object.keys(b).length)).toEqual([{ erased: true }, { erased: true, flag_check_not_business: false, t_client: '1' }]);
    for (const row of erased) expect(row).toMatchObject({ name: '', phone: '', email: null, clientAddress: null, userAgent: null, note: null, consentAddress: null, status: 'in_progress' });
    // The history: who did what and when stays, the notes go.
    const history = await db().select().from(leadEvents);
    expect(history.map((event) => event.action).sort()).toEqual(['erase', 'erase', 'note', 'note', 'status', 'status']);
    expect(history.every((event) => event.note === null)).toBe(true);
    // The account and its sessions are gone.
    expect(await db().select().from(users)).toHaveLength(0);
    expect(await db().select().from(sessions)).toHaveLength(0);
    // Every table of the database, as text.
    const tables = ['leads', 'lead_events', 'outbox_messages', 'users', 'sessions', 'security_events'];
    for (const table of tables) {
      const dump = await db().execute(sql.raw(`select coalesce(json_agg(t)::text, '') as rows from ${table} t`));
      expect(leftIn(JSON.stringify(dump)), table).toEqual([]);
    }
    expect(await search(`${MARK}firm`)).toBe(0);
    expect(await search(MARK)).toBe(0);
    expect(await search('9161112233')).toBe(0);
    expect(leftIn(await csv())).toEqual([]);
    // The log: leads by id and number, never what the person gave.
    expect(log.lines.join('')).toContain(stored[0]!.id);
    expect(leftIn(log.lines.join(''))).toEqual([]);
  });
});

describe('erasure on the embedded database’s files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'epcsu-erasure-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The markers found in the data files (the write-ahead log aside: docs/design.md, «Erasure»). */
  const inFiles = (): string[] => {
    const found = new Set<string>();
    const walk = (path: string) => {
      for (const entry of readdirSync(path)) {
        const full = join(path, entry);
        if (entry === 'pg_wal') continue;
        if (statSync(full).isDirectory()) walk(full);
        else {
          const bytes = readFileSync(full);
          for (const value of LEFTOVERS) if (bytes.includes(Buffer.from(value))) found.add(value);
        }
      }
    };
    walk(dir);
    return [...found].sort();
  };

  it('holds the values before the erasure and none of them after it (VACUUM FULL)', { timeout: 120_000 }, async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0' });
    const handle = await openPglite(dir);
    try {
      await migrateDb(handle);
      setDbForTests(handle);
      expect((await register(jsonRequest('/api/auth/registration', account))).status).toBe(200);
      expect((await sendLead(jsonRequest('/api/telega/send-mail', buy))).status).toBe(200);
      const admin = await signedInStaff(handle.db, 'admin@example.com', 'admin');
      const stored = await handle.db.select().from(leads);
      for (const lead of stored) await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'note', note: `Перезвонить ${MARK}` }, admin.cookie), params(lead.id));
      await handle.db.execute(sql`CHECKPOINT`);
      expect(inFiles()).toEqual([...LEFTOVERS].sort());

      for (const lead of stored) await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'erase', confirm: 'yes' }, admin.cookie), params(lead.id));
      await compactSoon();
      await handle.db.execute(sql`CHECKPOINT`);
      expect(inFiles()).toEqual([]);
    } finally {
      setDbForTests(undefined);
      await handle.close();
    }
  });
});
