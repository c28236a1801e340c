import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leads, staff, staffSessions } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { createLead } from '@/server/leads/create-lead';
import { earlierLeads } from '@/server/desk/earlier-leads';
import { eraseLead, eraseLeadsOlderThan } from '@/server/desk/lead-erase';
import { setDuty } from '@/server/desk/lead-owners';
import { listLeads } from '@/server/desk/lead-list';
import { parseWorkingHours } from '@/server/desk/working-hours';
import { testDatabases, useTestDb } from '../support/test-db';
import { signedInStaff, storeLead } from './desk-support';

/** A returning customer is linked to their earlier leads and goes to their owner. */
const hours = parseWorkingHours('Mon-Fri 09:00-18:00 Europe/Moscow');
const lead = (data: Record<string, unknown>, kind = 'btn_demo') => createLead({ kind, lang: 'ru', consentForm: 'buyDialog', data: { name: 'Иван', ...data } });

describe.each(testDatabases())('returning customers on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const read = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0]!;
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0' });
    await db().delete(staffSessions);
    await db().delete(leads);
    await db().delete(staff);
  });

  it('stores the phone in E.164 and links a lead to the earlier ones by phone, e-mail (any case) or INN', async () => {
    const byPhone = await lead({ phone: '+79161112233', email: 'first@example.com' });
    expect((await read(byPhone.id)).phoneE164).toBe('+79161112233');
    const byEmail = await lead({ phone: '+79165550000', email: 'Returning@Example.com' });
    const byInn = await lead({ phone: '+79167770000', email: 'acc@firm.example', inn: '7707083893' }, 'invoice');
    const stranger = await lead({ phone: '+79160000001', email: 'stranger@example.com' });
    await db().update(leads).set({ status: 'won' }).where(eq(leads.id, byPhone.id));
    const latest = await lead({ phone: '+79161112233', email: 'returning@example.com', inn: '7707083893' }, 'order');
    const earlier = await earlierLeads(db(), await read(latest.id));
    expect(earlier.map((row) => row.id)).toEqual([byInn.id, byEmail.id, byPhone.id]);
    expect(earlier.find((row) => row.id === byPhone.id)).toMatchObject({ kind: 'btn_demo', status: 'won', number: byPhone.number, ownerName: null });
    expect(earlier.map((row) => row.id)).not.toContain(stranger.id);
    // Only earlier ones: the first lead has none.
    expect(await earlierLeads(db(), await read(byPhone.id))).toEqual([]);

    const rows = (await listLeads(db(), {}, hours)).rows;
    const returning = new Map(rows.map((row) => [row.id, row.returning]));
    expect(returning.get(latest.id)).toBe(true);
    expect(returning.get(byPhone.id)).toBe(false);
    expect(returning.get(stranger.id)).toBe(false);
  });

  it('gives a returning customer’s lead to the owner of their open earlier lead when on duty, else in turn', async () => {
    const anna = await signedInStaff(db(), 'anna@example.com', 'sales');
    const boris = await signedInStaff(db(), 'boris@example.com', 'sales');
    await db().update(staff).set({ displayName: 'Анна' }).where(eq(staff.id, anna.id));
    await setDuty(db(), anna.id, true);
    const first = await lead({ phone: '+79161112233', email: 'a@example.com' });
    expect((await read(first.id)).ownerId).toBe(anna.id);
    await setDuty(db(), boris.id, true);
    // Boris is next in turn (never given one), yet the customer's open lead is Anna's.
    const again = await lead({ phone: '+79161112233', email: 'other@example.com' });
    expect((await read(again.id)).ownerId).toBe(anna.id);
    expect((await earlierLeads(db(), await read(again.id)))[0]).toMatchObject({ id: first.id, ownerName: 'Анна' });
    // The turn was not used up: the next stranger goes to Boris.
    expect((await read((await lead({ phone: '+79160000002', email: 's@example.com' })).id)).ownerId).toBe(boris.id);
    // Anna off duty: in turn.
    await setDuty(db(), anna.id, false);
    expect((await read((await lead({ phone: '+79161112233', email: 'x@example.com' })).id)).ownerId).toBe(boris.id);
    // Closed earlier leads (won, lost, spam) do not pull a lead to their owner: the most recent is
    // Boris's, yet Anna, who waited longer, is next in turn.
    await setDuty(db(), anna.id, true);
    await db().update(leads).set({ status: 'won' }).where(eq(leads.phoneE164, '+79161112233'));
    expect((await read((await lead({ phone: '+79161112233', email: 'y@example.com' })).id)).ownerId).toBe(anna.id);
  });

  it('erasure takes a person out of the links: the erased lead matches nothing, on request and by retention', async () => {
    const old = await storeLead(db(), { phone: '+79161112233', phoneE164: '+79161112233', email: 'same@example.com', payload: { inn: '7707083893' }, createdAt: new Date(Date.now() - 400 * 86_400_000) });
    const first = await lead({ phone: '+79161112233', email: 'same@example.com', inn: '7707083893' }, 'invoice');
    const second = await lead({ phone: '+79161112233', email: 'SAME@example.com' });
    expect((await earlierLeads(db(), await read(second.id))).map((row) => row.id)).toEqual([first.id, old.id]);

    expect(await eraseLead(db(), first.id)).toBe(true);
    const erased = await read(first.id);
    expect(erased.phoneE164).toBeNull();
    expect(erased.email).toBeNull();
    expect(erased.payload.inn).toBeUndefined();
    expect((await earlierLeads(db(), await read(second.id))).map((row) => row.id)).toEqual([old.id]);
    expect(await earlierLeads(db(), erased)).toEqual([]);

    expect(await eraseLeadsOlderThan(db(), 365)).toBe(1);
    expect((await read(old.id)).phoneE164).toBeNull();
    expect(await earlierLeads(db(), await read(second.id))).toEqual([]);
    expect((await listLeads(db(), {}, hours)).rows.find((row) => row.id === second.id)!.returning).toBe(false);
  });
});
