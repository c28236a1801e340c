import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as dutyPost } from '@/app/api/desk/duty/route';
import { POST as leadAction } from '@/app/api/desk/leads/[id]/route';
import { leadEvents, leads, securityEvents, staff, staffSessions } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { createLead } from '@/server/leads/create-lead';
import { assignLead, setDuty, setDutyQueues } from '@/server/desk/lead-owners';
import { parseLeadFilter } from '@/server/desk/lead-filter';
import { listLeads } from '@/server/desk/lead-list';
import { parseWorkingHours } from '@/server/desk/working-hours';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskForm, signedInStaff, storeLead } from './desk-support';

/** Owners, duty, queues and round-robin; the server's checks on who may act. */
const hours = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');
const params = (id: string) => ({ params: Promise.resolve({ id }) });
let serial = 0;
/** A lead from the public path, with a phone and e-mail no other lead has (no returning customer). */
const newLead = (kind = 'btn_demo', extra: Record<string, unknown> = {}) => {
  serial += 1;
  return createLead({ kind, lang: 'en', consentForm: 'buyDialog', data: { name: `Client ${serial}`, phone: `+7916${String(1_000_000 + serial).slice(-7)}`, email: `c${serial}@example.com`, ...extra } });
};
const ownerOf = async (db: Parameters<typeof storeLead>[0], id: string) => (await db.select({ ownerId: leads.ownerId }).from(leads).where(eq(leads.id, id)))[0]!.ownerId;

describe.each(testDatabases())('lead owners on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0' });
    await db().delete(staffSessions);
    await db().delete(securityEvents);
    await db().delete(leads);
    await db().delete(staff);
  });

  it('gives new leads in turn to sales and admins on duty, never to those off duty or to finance', async () => {
    const a = await signedInStaff(db(), 'a@example.com', 'sales');
    const b = await signedInStaff(db(), 'b@example.com', 'admin');
    const off = await signedInStaff(db(), 'off@example.com', 'sales');
    const money = await signedInStaff(db(), 'money@example.com', 'finance');
    await setDuty(db(), a.id, true);
    await setDuty(db(), b.id, true);
    await db().update(staff).set({ onDuty: true }).where(eq(staff.id, money.id));
    const owners: Array<string | null> = [];
    for (let index = 0; index < 6; index += 1) owners.push(await ownerOf(db(), (await newLead()).id));
    expect(owners.filter((id) => id === a.id)).toHaveLength(3);
    expect(owners.filter((id) => id === b.id)).toHaveLength(3);
    // In turn: never the same person twice running.
    for (let index = 1; index < owners.length; index += 1) expect(owners[index]).not.toBe(owners[index - 1]);
    expect(owners).not.toContain(off.id);
    expect(owners).not.toContain(money.id);
    // Each assignment is an owner change in the lead's history, made by nobody (the turn).
    const events = await db().select().from(leadEvents).where(eq(leadEvents.action, 'owner'));
    expect(events).toHaveLength(6);
    expect(events.every((event) => event.staffId === null && event.fromOwnerId === null && event.toOwnerId)).toBe(true);
    // A registration is an account, not a request: nobody is given it.
    const registration = await storeLead(db(), { kind: 'registration' });
    expect(await assignLead(db(), registration.id)).toBeUndefined();
  });

  it('two leads at once go to two people', async () => {
    const a = await signedInStaff(db(), 'a@example.com', 'sales');
    const b = await signedInStaff(db(), 'b@example.com', 'sales');
    await setDuty(db(), a.id, true);
    await setDuty(db(), b.id, true);
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = [await storeLead(db(), { phone: '', email: null }), await storeLead(db(), { phone: '', email: null })];
      const given = await Promise.all([assignLead(db(), first!.id), assignLead(db(), second!.id)]);
      expect(new Set(given), `round ${round}`).toEqual(new Set([a.id, b.id]));
    }
  });

  it('keeps queues apart: support feedback to support, the rest to sales', async () => {
    const helper = await signedInStaff(db(), 'help@example.com', 'sales');
    const seller = await signedInStaff(db(), 'sell@example.com', 'sales');
    await setDutyQueues(db(), helper.id, ['support']);
    await setDutyQueues(db(), seller.id, ['sales']);
    await setDuty(db(), helper.id, true);
    await setDuty(db(), seller.id, true);
    expect(await ownerOf(db(), (await newLead('feedback', { department: 'support' })).id)).toBe(helper.id);
    expect(await ownerOf(db(), (await newLead('feedback', { department: 'seller' })).id)).toBe(seller.id);
    expect(await ownerOf(db(), (await newLead('btn_buy')).id)).toBe(seller.id);
    expect(await ownerOf(db(), (await newLead('order')).id)).toBe(seller.id);
    // Nobody takes support but the helper: off duty, a support lead waits unowned.
    await setDuty(db(), helper.id, false);
    expect(await ownerOf(db(), (await newLead('feedback', { department: 'support' })).id)).toBeNull();
  });

  it('with nobody on duty a lead waits unowned; coming on duty gives out the day’s unowned new leads', async () => {
    const a = await signedInStaff(db(), 'a@example.com', 'sales');
    const waiting = await newLead();
    const handled = await newLead();
    await db().update(leads).set({ status: 'in_progress' }).where(eq(leads.id, handled.id));
    const old = await storeLead(db(), { createdAt: new Date(Date.now() - 3 * 86_400_000) });
    expect(await ownerOf(db(), waiting.id)).toBeNull();
    const list = await listLeads(db(), parseLeadFilter(new URLSearchParams('owner=none')), hours);
    expect(list.rows.map((row) => row.id)).toContain(waiting.id);
    expect(list.rows.find((row) => row.id === waiting.id)!.ownerName).toBeNull();
    expect(await setDuty(db(), a.id, true)).toBe(1);
    expect(await ownerOf(db(), waiting.id)).toBe(a.id);
    expect(await ownerOf(db(), handled.id)).toBeNull();
    expect(await ownerOf(db(), old.id)).toBeNull();
  });

  it('switches duty by its own member or by an admin, never by another member; each switch is in the security log', async () => {
    const admin = await signedInStaff(db(), 'admin@example.com', 'admin');
    const sales = await signedInStaff(db(), 'sales@example.com', 'sales');
    const other = await signedInStaff(db(), 'other@example.com', 'sales');
    const money = await signedInStaff(db(), 'money@example.com', 'finance');
    const own = await dutyPost(deskForm('/api/desk/duty', { on: '1' }, sales.cookie, { referer: 'http://localhost:3000/en/desk/summary' }));
    expect(own.headers.get('location')).toBe('/en/desk/summary?done=dutyOn');
    const refused = await dutyPost(deskForm('/api/desk/duty', { on: '1', staff: other.id }, sales.cookie));
    expect(refused.headers.get('location')).toContain('error=forbidden');
    const financeRefused = await dutyPost(deskForm('/api/desk/duty', { on: '1' }, money.cookie));
    expect(financeRefused.headers.get('location')).toContain('error=invalidInput');
    const byAdmin = await dutyPost(deskForm('/api/desk/duty', { on: '1', staff: other.id, queue: 'support', back: '/en/desk/staff' }, admin.cookie));
    expect(byAdmin.headers.get('location')).toBe('/en/desk/staff?done=dutyOn');
    const queueRefused = await dutyPost(deskForm('/api/desk/duty', { on: '1', queue: 'sales' }, sales.cookie));
    expect(queueRefused.headers.get('location')).toContain('error=forbidden');
    const rows = await db().select().from(staff);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(sales.id)!.onDuty).toBe(true);
    expect(byId.get(other.id)!.onDuty).toBe(true);
    expect(byId.get(other.id)!.dutyQueues).toEqual(['support']);
    expect(byId.get(money.id)!.onDuty).toBe(false);
    const log = await db().select().from(securityEvents).where(eq(securityEvents.event, 'duty.changed'));
    expect(log.map((row) => [row.staffId, row.subjectId])).toEqual(expect.arrayContaining([[sales.id, sales.id], [admin.id, other.id]]));
    expect(log).toHaveLength(2);
  });

  it('lets sales work only their own leads: take, hand over, the history and the security log', async () => {
    const admin = await signedInStaff(db(), 'admin@example.com', 'admin');
    const first = await signedInStaff(db(), 'first@example.com', 'sales');
    const second = await signedInStaff(db(), 'second@example.com', 'sales');
    const money = await signedInStaff(db(), 'money@example.com', 'finance');
    await db().update(staff).set({ displayName: 'Анна Первая' }).where(eq(staff.id, first.id));
    const lead = await storeLead(db(), { ownerId: first.id });
    const post = (cookie: string, fields: Record<string, string>) => leadAction(deskForm(`/api/desk/leads/${lead.id}`, { back: `/en/desk/leads/${lead.id}`, ...fields }, cookie), params(lead.id));

    expect((await post(second.cookie, { action: 'status', status: 'in_progress' })).headers.get('location')).toContain('error=notYourLead');
    expect((await post(second.cookie, { action: 'note', note: 'x' })).headers.get('location')).toContain('error=notYourLead');
    expect((await post(second.cookie, { action: 'handover', owner: second.id })).headers.get('location')).toContain('error=notYourLead');
    expect((await post(money.cookie, { action: 'status', status: 'won' })).headers.get('location')).toContain('error=forbidden');
    expect((await post(money.cookie, { action: 'take' })).headers.get('location')).toContain('error=forbidden');
    expect((await db().select().from(leads).where(eq(leads.id, lead.id)))[0]!.status).toBe('new');

    expect((await post(first.cookie, { action: 'status', status: 'in_progress' })).headers.get('location')).toContain('done=statusChanged');
    expect((await post(second.cookie, { action: 'take' })).headers.get('location')).toContain('done=taken');
    expect(await ownerOf(db(), lead.id)).toBe(second.id);
    expect((await post(first.cookie, { action: 'note', note: 'mine?' })).headers.get('location')).toContain('error=notYourLead');
    // Only to someone who may own leads.
    expect((await post(second.cookie, { action: 'handover', owner: money.id })).headers.get('location')).toContain('error=invalidInput');
    expect((await post(second.cookie, { action: 'handover', owner: first.id })).headers.get('location')).toContain('done=handedOver');
    expect(await ownerOf(db(), lead.id)).toBe(first.id);
    // An admin works and hands over any lead; working it does not take it.
    expect((await post(admin.cookie, { action: 'status', status: 'won' })).headers.get('location')).toContain('done=statusChanged');
    expect(await ownerOf(db(), lead.id)).toBe(first.id);
    expect((await post(admin.cookie, { action: 'handover', owner: second.id })).headers.get('location')).toContain('done=handedOver');

    const history = await db().select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).orderBy(leadEvents.id);
    expect(history.filter((event) => event.action === 'owner').map((event) => [event.staffId, event.fromOwnerId, event.toOwnerId])).toEqual([
      [second.id, first.id, second.id],
      [second.id, second.id, first.id],
      [admin.id, first.id, second.id],
    ]);
    const log = await db().select().from(securityEvents).where(sql`${securityEvents.event} in ('lead.taken', 'lead.handedOver')`).orderBy(securityEvents.id);
    expect(log.map((row) => [row.event, row.staffId, row.subjectId, row.detail?.leadId, row.detail?.from])).toEqual([
      ['lead.taken', second.id, second.id, lead.id, first.id],
      ['lead.handedOver', second.id, first.id, lead.id, second.id],
      ['lead.handedOver', admin.id, second.id, lead.id, first.id],
    ]);
  });

  it('an unowned lead becomes the sales member’s when they work it', async () => {
    const sales = await signedInStaff(db(), 'sales@example.com', 'sales');
    const lead = await storeLead(db());
    const response = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'in_progress' }, sales.cookie), params(lead.id));
    expect(response.headers.get('location')).toContain('done=statusChanged');
    expect(await ownerOf(db(), lead.id)).toBe(sales.id);
    const [taken] = await db().select().from(securityEvents).where(eq(securityEvents.event, 'lead.taken'));
    expect(taken!.staffId).toBe(sales.id);
  });

  it('filters the list by owner: mine, none, a staff id', async () => {
    const a = await signedInStaff(db(), 'a@example.com', 'sales');
    const b = await signedInStaff(db(), 'b@example.com', 'sales');
    const ofA = await storeLead(db(), { ownerId: a.id });
    const ofB = await storeLead(db(), { ownerId: b.id });
    const nobody = await storeLead(db());
    const ids = async (query: string, viewer?: string) => (await listLeads(db(), { ...parseLeadFilter(new URLSearchParams(query)), me: viewer }, hours)).rows.map((row) => row.id);
    expect(await ids('owner=mine', a.id)).toEqual([ofA.id]);
    expect(await ids('owner=mine')).toEqual([]);
    expect(await ids('owner=none')).toEqual([nobody.id]);
    expect(await ids(`owner=${b.id}`)).toEqual([ofB.id]);
    expect(parseLeadFilter(new URLSearchParams('owner=someone')).owner).toBeUndefined();
    expect((await listLeads(db(), parseLeadFilter(new URLSearchParams('')), hours)).rows.find((row) => row.id === ofA.id)!.ownerName).toBe('a@example.com');
  });
});
