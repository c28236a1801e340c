import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as exportCsv } from '@/app/api/desk/export/route';
import { POST as leadAction } from '@/app/api/desk/leads/[id]/route';
import { leadEvents, leads, outboxMessages, staff, staffSessions } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { createLead } from '@/server/leads/create-lead';
import { eraseLeadsOlderThan } from '@/server/desk/lead-erase';
import { parseLeadFilter } from '@/server/desk/lead-filter';
import { decodeCursor, listLeads } from '@/server/desk/lead-list';
import { liveLeadsReady, resetLiveLeadsForTests, subscribeToLeads } from '@/server/desk/live-leads';
import { liveLeadStream } from '@/server/desk/live-stream';
import { setDbForTests } from '@/server/database';
import { parseWorkingHours } from '@/server/desk/working-hours';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskForm, deskGet, failedDelivery, signedInStaff, storeLead } from './desk-support';

const hours = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const filter = (query: string) => parseLeadFilter(new URLSearchParams(query));

describe.each(testDatabases())('working leads on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0' });
    const { db } = database.handle;
    await db.delete(staffSessions);
    await db.delete(staff);
    await db.delete(leads);
  });

  it('lists newest first, filters, finds a phone by its digits, and pages by keyset without gaps', async () => {
    const { db } = database.handle;
    const base = Date.parse('2026-03-04T10:00:00Z');
    for (let index = 0; index < 120; index += 1) {
      await storeLead(db, {
        name: `Client ${index}`,
        phone: `+7 (900) 000-${String(index).padStart(4, '0').slice(0, 2)}-${String(index).padStart(4, '0').slice(2)}`,
        kind: index % 3 === 0 ? 'feedback' : 'btn_demo',
        payload: index % 3 === 0 ? { department: index % 2 ? 'support' : 'seller' } : {},
        // Several leads in the same microsecond: the id breaks the tie.
        createdAt: new Date(base + Math.floor(index / 4) * 1000),
      });
    }
    await storeLead(db, { name: 'Ольга Сидорова', email: 'olga@zapchasti.example', phone: '+7 (916) 123-45-67', payload: { firm_name: 'ООО «Запчасти-Юг»' }, createdAt: new Date(base - 86_400_000) });

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listLeads(db, {}, hours, decodeCursor(cursor), 50);
      seen.push(...page.rows.map((row) => row.id));
      cursor = page.next;
    } while (cursor && seen.length < 500);
    expect(seen).toHaveLength(121);
    expect(new Set(seen).size).toBe(121);
    const first = await listLeads(db, {}, hours, undefined, 3);
    expect(first.rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(first.rows[2]!.createdAt.getTime());

    expect((await listLeads(db, filter('kind=feedback'), hours)).rows.every((row) => row.kind === 'feedback')).toBe(true);
    expect((await listLeads(db, filter('department=support'), hours, undefined, 100)).rows).toHaveLength(20);
    for (const q of ['9161234567', '+7 916 123-45-67', '79161234567', '123-45-67', '916 123', 'ольга', 'Сидор', 'olga@zap', 'запчасти']) {
      const rows = (await listLeads(db, filter(`q=${encodeURIComponent(q)}`), hours)).rows;
      expect(rows.map((row) => row.name), q).toEqual(['Ольга Сидорова']);
    }
    expect((await listLeads(db, filter('q=%25%25%25'), hours)).rows).toHaveLength(0);
    expect((await listLeads(db, filter('from=2026-03-03&to=2026-03-03'), hours)).rows.map((row) => row.name)).toEqual(['Ольга Сидорова']);
    expect((await listLeads(db, filter('status=won'), hours)).rows).toHaveLength(0);
  });

  it('a word search looks back window by window and pages across the windows in order; a whole e-mail finds its lead', async () => {
    const { db } = database.handle;
    const ages = [1, 2, 40, 200, 500, 900];
    for (const [index, days] of ages.entries()) {
      await storeLead(db, { name: `Windowed ${index}`, email: `w${index}@mail.example`, createdAt: new Date(Date.now() - days * 86_400_000) });
    }
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listLeads(db, filter('q=windowed'), hours, decodeCursor(cursor), 2);
      names.push(...page.rows.map((row) => row.name));
      cursor = page.next;
    } while (cursor && names.length < 20);
    expect(names).toEqual(ages.map((_, index) => `Windowed ${index}`));
    expect((await listLeads(db, filter('q=w3%40mail.example'), hours)).rows.map((row) => row.name)).toEqual(['Windowed 3']);
    expect((await listLeads(db, filter('q=mail.example'), hours)).rows).toHaveLength(ages.length);
  });

  it('changes status with a note, records who and when, and takes the first contact from the first change', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const lead = await storeLead(db);
    const first = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'in_progress', note: 'Перезвонить в 15:00', back: `/en/desk/leads/${lead.id}` }, sales.cookie), params(lead.id));
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/en/desk/leads/${lead.id}?done=statusChanged`);
    const [afterFirst] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(afterFirst!.status).toBe('in_progress');
    // The comment is part of the status change's entry of the timeline; the lead's old note field is left alone.
    expect(afterFirst!.note).toBeNull();
    expect(afterFirst!.firstContactAt).not.toBeNull();
    await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'won' }, sales.cookie), params(lead.id));
    const [afterSecond] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(afterSecond!.firstContactAt!.getTime()).toBe(afterFirst!.firstContactAt!.getTime());
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).orderBy(leadEvents.id);
    // Working an unowned lead made it the sales member's first: an owner change, then the statuses.
    expect(events[0]).toMatchObject({ action: 'owner', staffId: sales.id, fromOwnerId: null, toOwnerId: sales.id });
    expect(events.slice(1).map((event) => [event.staffEmail, event.fromStatus, event.toStatus])).toEqual([
      ['sales@example.com', 'new', 'in_progress'],
      ['sales@example.com', 'in_progress', 'won'],
    ]);
    const bad = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'sold' }, sales.cookie), params(lead.id));
    expect(bad.headers.get('location')).toContain('error=invalidInput');
    const missing = await leadAction(deskForm('/api/desk/leads/00000000-0000-4000-8000-000000000000', { action: 'note', note: 'x' }, sales.cookie, { 'content-type': 'application/x-www-form-urlencoded' }), params('00000000-0000-4000-8000-000000000000'));
    expect(missing.headers.get('location')).toContain('error=notFound');
    // Not a desk page: the redirect stays in the desk.
    const offsite = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'note', note: 'n', back: '//evil.example/x' }, sales.cookie), params(lead.id));
    expect(offsite.headers.get('location')).toBe(`/en/desk/leads/${lead.id}?done=noteSaved`);
  });

  it('retries a failed delivery: the message is due now', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const lead = await storeLead(db);
    await failedDelivery(db, lead.id);
    const response = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'retry' }, sales.cookie), params(lead.id));
    expect(response.headers.get('location')).toContain('done=retried');
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.leadId, lead.id));
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(row!.status).toBe('pending');
  });

  it('erases personal data on request and by retention, keeping the fact and its times', async () => {
    const { db } = database.handle;
    // Erasure is an admin's: a sales account is refused and nothing changes.
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const admin = await signedInStaff(db, 'admin@example.com', 'admin');
    const lead = await storeLead(db, { payload: { t_client: '3', t_client_txt: 'Нужен фильтр', url: '/ru/epc', yandex_metrica_client_id: '42' }, clientAddress: '77.88.8.8' });
    await failedDelivery(db, lead.id);
    const bySales = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'erase', confirm: 'yes' }, sales.cookie), params(lead.id));
    expect(bySales.headers.get('location')).toContain('error=forbidden');
    expect((await db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.erasedAt).toBeNull();
    const unconfirmed = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'erase' }, admin.cookie), params(lead.id));
    expect(unconfirmed.headers.get('location')).toContain('error=invalidInput');
    await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'erase', confirm: 'yes' }, admin.cookie), params(lead.id));
    const [erased] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(erased).toMatchObject({ name: '', phone: '', email: null, clientAddress: null, kind: 'btn_buy', lang: 'ru' });
    expect(erased!.erasedAt).not.toBeNull();
    expect(erased!.createdAt.getTime()).toBe(lead.createdAt.getTime());
    expect(erased!.payload).toEqual({ t_client: '3', erased: true });
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.leadId, lead.id));
    expect(message).toMatchObject({ status: 'cancelled', payload: { erased: true } });

    const old = await storeLead(db, { createdAt: new Date(Date.now() - 40 * 86_400_000) });
    const recent = await storeLead(db);
    expect(await eraseLeadsOlderThan(db, 30)).toBe(1);
    const rows = await db.select().from(leads);
    expect(rows.find((row) => row.id === old.id)!.name).toBe('');
    expect(rows.find((row) => row.id === recent.id)!.name).toBe('Иван Петров');
  });

  it('exports the filter as CSV with a BOM, the language separator and inert formulas', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    await storeLead(db, { name: '=HYPERLINK("http://evil.example")', payload: { t_client_txt: 'a;b' } });
    await storeLead(db, { kind: 'feedback', name: 'Пётр' });
    const response = await exportCsv(deskGet('/api/desk/export?kind=btn_buy&locale=ru', sales.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).trimEnd().split('\r\n');
    // Times are the desk's clock (DESK_WORKING_HOURS's zone), which the header names.
    expect(lines[0]).toMatch(/^"Получена \(Europe\/Moscow\)";"Номер";"Тип";"Статус";"Имя";"Телефон";"E-mail";/);
    expect(lines[0]).toMatch(/;"Согласие";"Первый контакт \(Europe\/Moscow\)";"Заметка"$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}";"\d+";"Покупка";"Новая";/);
    expect(lines[1]).toContain(`;"'=HYPERLINK(""http://evil.example"")";`);
    expect(lines[1]).toContain(`;"'+7 916 123 45 67";`);
    expect(lines[1]).toContain('"a;b"');
  });

  it('exports more leads than a batch, each once, newest first, for a filter and for a word search', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const base = Date.parse('2026-03-04T10:00:00Z');
    const count = 2345;
    // Three leads a second: the batches' keyset must break ties by id.
    await db.insert(leads).values(
      Array.from({ length: count }, (_, index) => ({ kind: 'btn_demo', name: `Client ${index}`, phone: '+7 (916) 123-45-67', email: `c${index}@example.com`, lang: 'en', payload: { t_client: '1' }, createdAt: new Date(base + Math.floor(index / 3) * 1000) })),
    );
    for (const query of ['kind=btn_demo', 'q=Client']) {
      const response = await exportCsv(deskGet(`/api/desk/export?${query}&locale=en`, sales.cookie));
      const lines = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1);
      expect(lines, query).toHaveLength(count);
      const cells = lines.map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
      expect(new Set(cells.map((cell) => cell[4])).size, query).toBe(count);
      // Moscow's clock (UTC+3 all year).
      const times = cells.map((cell) => Date.parse(`${cell[0]!.replace(' ', 'T')}+03:00`));
      expect(times.every((time, index) => index === 0 || time <= times[index - 1]!), query).toBe(true);
      expect(times[0], query).toBe(base + Math.floor((count - 1) / 3) * 1000);
    }
  });

  it('tells an open desk about a lead as its transaction commits', async () => {
    resetLiveLeadsForTests();
    await liveLeadsReady();
    const received: string[] = [];
    const unsubscribe = subscribeToLeads({ lead: (payload) => received.push(payload), resync: () => {} });
    const { id } = await createLead({ kind: 'btn_demo', lang: 'en', data: { t: 'btn_demo', name: 'Live', phone: '+79161234567' }, consentForm: 'leadDialog' });
    const deadline = Date.now() + 5000;
    while (!received.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    unsubscribe();
    resetLiveLeadsForTests();
    expect(received.map((payload) => JSON.parse(payload))).toEqual([{ id, kind: 'btn_demo' }]);
  });

  it('sends an open desk a lead stored while the process was still starting to listen', async () => {
    const { handle } = database;
    const admin = await signedInStaff(handle.db, 'early@example.com', 'admin');
    const earlier = await storeLead(handle.db, { createdAt: new Date(Date.now() - 1000) });
    // The LISTEN takes hold only when the test lets it: after the stream's first read and a lead.
    let letListen = () => {};
    const held = new Promise<void>((resolve) => (letListen = resolve));
    resetLiveLeadsForTests();
    setDbForTests({ ...handle, listen: async (...args) => held.then(() => handle.listen(...args)) });
    try {
      const stream = await liveLeadStream(deskGet('/api/desk/events', admin.cookie), 60_000);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readUntil = async (wanted: string) => {
        const deadline = Date.now() + 5000;
        while (!text.includes(wanted) && Date.now() < deadline) {
          const next = await Promise.race([reader.read(), new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), deadline - Date.now()))]);
          if (next === 'late' || next.done) break;
          text += decoder.decode(next.value, { stream: true });
        }
        return text.includes(wanted);
      };
      expect(await readUntil(`id: ${earlier.id}\n\n`)).toBe(true);
      const during = await storeLead(handle.db, { kind: 'feedback' });
      letListen();
      expect(await readUntil(`data: {"id":"${during.id}","kind":"feedback"}`)).toBe(true);
      expect(text.match(new RegExp(during.id, 'g'))).toHaveLength(2);
      expect(text).not.toContain(`"id":"${earlier.id}"`);
      await reader.cancel();
    } finally {
      setDbForTests(handle);
      resetLiveLeadsForTests();
    }
  });
});
