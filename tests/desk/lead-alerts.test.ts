import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as leadAction } from '@/app/api/desk/leads/[id]/route';
import { leadAlerts, leadEvents, leads, outboxMessages, staff } from '@/db/schema';
import { queueLeadAlerts, startLeadAlerts } from '@/server/desk/lead-alerts';
import { getEnv, setEnvForTests } from '@/server/env';
import { testDatabases, useTestDb } from '../support/test-db';
import { waitFor } from '../support/wait-for';
import { deskForm, signedInStaff, storeLead } from './desk-support';

const MINUTE = 60_000;
const params = (id: string) => ({ params: Promise.resolve({ id }) });
/** Always working hours: the scans below are timed by the minute, whatever the clock says. */
const settings = (extra: Record<string, string> = {}) =>
  setEnvForTests({
    DESK_WORKING_HOURS: 'Mon-Sun 00:00-24:00 UTC',
    DESK_ESCALATE_MINUTES: '7',
    TELEGRAM_BOT_TOKEN: '1:test',
    TELEGRAM_CHAT_ID: '-100',
    TELEGRAM_PERSONAL_DATA: 'full',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SALES_EMAIL: '',
    NEXT_PUBLIC_SITE_URL: '',
    ...extra,
  });
afterAll(() => setEnvForTests());

describe.each(testDatabases())('lead reminders on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const scan = (at: number) => queueLeadAlerts(db(), getEnv(), at);
  const alertRows = async (leadId: string) => (await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, leadId)).orderBy(outboxMessages.id)).filter((row) => 'alert' in row.payload);
  let manager: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let admin: { id: string; cookie: string };

  beforeEach(async () => {
    settings();
    for (const table of [leadAlerts, leadEvents, outboxMessages, leads, staff]) await db().delete(table);
    manager = await signedInStaff(db(), 'anna@desk.example', 'sales');
    await db().update(staff).set({ displayName: 'Анна Смирнова' }).where(eq(staff.id, manager.id));
    other = await signedInStaff(db(), 'boris@desk.example', 'sales');
    admin = await signedInStaff(db(), 'chief@desk.example', 'admin');
    const gone = await signedInStaff(db(), 'gone@desk.example', 'admin');
    await db().update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, gone.id));
  });

  /** A lead stored `minutesAgo` before `now`, owned by `ownerId`. */
  const leadAt = (now: number, minutesAgo: number, fields: Partial<typeof leads.$inferInsert> = {}) =>
    storeLead(db(), { createdAt: new Date(now - minutesAgo * MINUTE), payload: { firm_name: 'ООО Ромашка' }, ...fields });

  it('at minute 7 reminds the chat and the owner once, even with two scanners racing and one after a restart', async () => {
    const now = Date.now();
    const lead = await leadAt(now, 7.2, { ownerId: manager.id });
    const early = await leadAt(now, 6.5, { ownerId: manager.id });
    const [first, second] = await Promise.all([scan(now), scan(now)]);
    expect(first + second).toBe(1);
    // A later scan, as after a restart: the claim is in the database.
    expect(await scan(now + 20_000)).toBe(0);
    const rows = await alertRows(lead.id);
    expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'telegram']);
    const chat = rows.find((row) => row.channel === 'telegram')!.payload;
    expect(chat.text).toContain(`Заявка №${lead.number} (Покупка)`);
    expect(chat.text).toContain('осталось 3 мин.');
    expect(chat.text).toContain('Ответственный: Анна Смирнова');
    expect(chat.text).toContain('Иван Петров, ООО Ромашка');
    expect(chat.line).toContain(`Заявка №${lead.number}`);
    const mail = rows.find((row) => row.channel === 'email')!.payload;
    expect(mail).toMatchObject({ to: 'anna@desk.example', alert: 'escalate' });
    expect(mail.subject).toContain(`№${lead.number}`);
    expect(await alertRows(early.id)).toHaveLength(0);
    // The lead's own delivery, as the desk shows it, is not the reminders'.
    const { deliveriesOf } = await import('@/server/desk/lead-list');
    expect((await deliveriesOf(db(), [lead.id])).get(lead.id) ?? []).toHaveLength(0);
  });

  it('still new at 10 reminds the admins (active ones) and the chat, once', async () => {
    const now = Date.now();
    const lead = await leadAt(now, 7.1, { ownerId: manager.id });
    expect(await scan(now)).toBe(1);
    expect(await scan(now + 3 * MINUTE)).toBe(1);
    expect(await Promise.all([scan(now + 4 * MINUTE), scan(now + 4 * MINUTE)])).toEqual([0, 0]);
    const second = (await alertRows(lead.id)).filter((row) => row.payload.alert === 'promise');
    expect(second.map((row) => `${row.channel}:${String(row.payload.to ?? '')}`).sort()).toEqual(['email:chief@desk.example', 'telegram:']);
    expect(second.find((row) => row.channel === 'telegram')!.payload.text).toContain('обещание связаться за 10 минут нарушено');
    const steps = await db().select().from(leadAlerts).where(eq(leadAlerts.leadId, lead.id));
    expect(steps.map((row) => row.step).sort()).toEqual(['escalate', 'promise']);
  });

  it('reminds of nothing for a lead contacted in time, or a registration', async () => {
    const now = Date.now();
    const lead = await leadAt(now, 6, { ownerId: manager.id });
    const registration = await leadAt(now, 8, { kind: 'registration' });
    const response = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'in_progress' }, manager.cookie), params(lead.id));
    expect(response.status).toBe(303);
    expect(await scan(now + 2 * MINUTE)).toBe(0);
    expect(await scan(now + 5 * MINUTE)).toBe(0);
    expect(await alertRows(lead.id)).toHaveLength(0);
    expect(await alertRows(registration.id)).toHaveLength(0);
  });

  it('says a lead nobody owns is unowned, in the chat only; keeps names out of the chat when personal data is omitted', async () => {
    settings({ TELEGRAM_PERSONAL_DATA: 'omit' });
    const now = Date.now();
    const lead = await leadAt(now, 8);
    expect(await scan(now)).toBe(1);
    const rows = await alertRows(lead.id);
    expect(rows.map((row) => row.channel)).toEqual(['telegram']);
    expect(rows[0]!.payload.text).toContain('Ответственного нет');
    expect(rows[0]!.payload.text).not.toContain('Иван');
    expect(rows[0]!.payload.line).not.toContain('Иван');
  });

  it('queues nothing with DESK_ESCALATE_MINUTES=0', async () => {
    settings({ DESK_ESCALATE_MINUTES: '0' });
    const now = Date.now();
    await leadAt(now, 8, { ownerId: manager.id });
    expect(await scan(now)).toBe(0);
  });

  it('survives a restart: a new scanner after the first is gone sends nothing again', async () => {
    settings({ DESK_ESCALATE_MINUTES: '0.05' });
    const lead = await leadAt(Date.now(), 0.06, { ownerId: manager.id });
    const first = startLeadAlerts(async () => db(), getEnv());
    await waitFor(async () => (await alertRows(lead.id)).length === 2, 10_000, 'the first scanner\'s reminder');
    first.stop();
    const second = startLeadAlerts(async () => db(), getEnv());
    // Its first scan runs at once, then every second.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    second.stop();
    expect(await alertRows(lead.id)).toHaveLength(2);
  });

  it('sets a call back on the lead page (owner or admin, as a history entry) and reminds once for each time', async () => {
    const lead = await storeLead(db(), { ownerId: manager.id, status: 'in_progress' });
    const post = (fields: Record<string, string>, cookie: string) => leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'callback', back: `/en/desk/leads/${lead.id}`, ...fields }, cookie), params(lead.id));
    // In the desk's zone (UTC here): 2030-05-06 14:30.
    const refused = await post({ callbackAt: '2030-05-06T14:30' }, other.cookie);
    expect(refused.headers.get('location')).toContain('error=notYourLead');
    expect((await post({ callbackAt: '2030-02-30T14:30' }, manager.cookie)).headers.get('location')).toContain('error=invalidInput');
    expect((await post({ callbackAt: '2030-05-06T14:30' }, manager.cookie)).headers.get('location')).toContain('done=callbackSet');
    const [stored] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(stored!.callbackAt?.toISOString()).toBe('2030-05-06T14:30:00.000Z');
    const events = await db().select().from(leadEvents).where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.action, 'callback')));
    expect(events).toMatchObject([{ staffId: manager.id, note: '2030-05-06T14:30:00.000Z' }]);

    const at = Date.parse('2030-05-06T14:30:00Z');
    expect(await scan(at - 1_000)).toBe(0);
    expect(await Promise.all([scan(at), scan(at + 1_000)]).then(([a, b]) => a + b)).toBe(1);
    expect(await scan(at + 60_000)).toBe(0);
    let rows = (await alertRows(lead.id)).filter((row) => row.payload.alert === 'callback');
    expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'telegram']);
    expect(rows.find((row) => row.channel === 'telegram')!.payload.text).toContain('пора перезвонить');

    // A new time (an admin may set it too) reminds again, once.
    expect((await post({ callbackAt: '2030-05-07T09:00' }, admin.cookie)).headers.get('location')).toContain('done=callbackSet');
    const next = Date.parse('2030-05-07T09:00:00Z');
    expect(await scan(next)).toBe(1);
    expect(await scan(next + 5_000)).toBe(0);
    rows = (await alertRows(lead.id)).filter((row) => row.payload.alert === 'callback');
    expect(rows).toHaveLength(4);
    // Cleared: nothing more.
    expect((await post({ callbackAt: '' }, manager.cookie)).headers.get('location')).toContain('done=callbackCleared');
    expect((await db().select().from(leads).where(eq(leads.id, lead.id)))[0]!.callbackAt).toBeNull();
  });
});
