import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as accountPost } from '@/app/api/desk/account/route';
import { POST as leadAction } from '@/app/api/desk/leads/[id]/route';
import { POST as secondFactor } from '@/app/api/desk/second-factor/route';
import { POST as stepUp } from '@/app/api/desk/step-up/route';
import { POST as addStaff } from '@/app/api/desk/staff/route';
import { POST as changeStaff } from '@/app/api/desk/staff/[id]/route';
import { deskPendingChanges, leadEvents, leads, securityEvents, staff, staffSessions } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { actorEmails } from '@/server/desk/invoice-detail';
import { enrolmentUnderWay, takeRecoveryCodesToShow } from '@/server/desk/second-factor';
import { staffName, staffNames } from '@/server/desk/staff-name';
import { totpCode, timeStep } from '@/server/desk/totp';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskForm, signedInStaff, storeLead, STRONG } from './desk-support';
import { POST as deskLogin } from '@/app/api/desk/login/route';

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const location = (response: Response) => response.headers.get('location') ?? '';
const json = (path: string, body: Record<string, unknown>, cookie: string) =>
  new Request(`http://localhost:3000${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'accept-language': 'en' }, body: JSON.stringify(body) });

describe.each(testDatabases())('staff names, the kept change and the factor on demand on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', DESK_REQUIRE_2FA: '0' });
    const { db } = database.handle;
    await db.delete(deskPendingChanges);
    await db.delete(staffSessions);
    await db.delete(staff);
    await db.delete(leads);
  });

  /** The session's password was given long ago: the next staff change needs the step-up. */
  const staleSessions = (staffId: string) => database.handle.db.update(staffSessions).set({ authenticatedAt: sql`now() - interval '1 hour'` }).where(eq(staffSessions.staffId, staffId));
  const memberByEmail = async (email: string) => (await database.handle.db.select().from(staff).where(eq(staff.email, email)))[0];

  it('asks a name for a new account, checks it, and lets an admin and the person change it', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'boss@example.com', 'admin');
    const add = (fields: Record<string, string>) => addStaff(deskForm('/api/desk/staff', { email: 'anna@example.com', role: 'sales', password: STRONG, ...fields }, admin.cookie));
    expect(location(await add({}))).toBe('/en/desk/staff?error=nameRequired');
    expect(location(await add({ display_name: '   ' }))).toBe('/en/desk/staff?error=nameRequired');
    expect(location(await add({ display_name: 'A'.repeat(81) }))).toBe('/en/desk/staff?error=nameTooLong');
    expect(location(await add({ display_name: 'Anna\u202Eevil' }))).toBe('/en/desk/staff?error=nameInvalid');
    expect(location(await add({ display_name: 'Anna\u0007' }))).toBe('/en/desk/staff?error=nameInvalid');
    expect(await memberByEmail('anna@example.com')).toBeUndefined();
    expect(location(await add({ display_name: '  Анна   Смирнова ' }))).toBe('/en/desk/staff?done=staffAdded');
    const anna = (await memberByEmail('anna@example.com'))!;
    expect(anna.displayName).toBe('Анна Смирнова');
    expect(staffName(anna)).toBe('Анна Смирнова');
    expect(staffName({ displayName: null, email: 'x@example.com' })).toBe('x@example.com');

    // JSON names the field.
    const refused = await addStaff(json('/api/desk/staff', { email: 'b@example.com', role: 'sales', password: STRONG, display_name: '' }, admin.cookie));
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).errorsFld)).toEqual(['display_name']);

    // An admin renames; the security log has it.
    expect(location(await changeStaff(deskForm(`/api/desk/staff/${anna.id}`, { action: 'rename', display_name: 'Anna Smirnova' }, admin.cookie), params(anna.id)))).toBe('/en/desk/staff?done=staffRenamed');
    expect(location(await changeStaff(deskForm(`/api/desk/staff/${anna.id}`, { action: 'rename', display_name: '' }, admin.cookie), params(anna.id)))).toBe('/en/desk/staff?error=nameRequired');
    expect((await memberByEmail('anna@example.com'))!.displayName).toBe('Anna Smirnova');
    const logged = await db.select().from(securityEvents).where(and(eq(securityEvents.event, 'staff.renamed'), eq(securityEvents.subjectId, anna.id)));
    expect(logged).toHaveLength(1);

    // A sales member may not rename anyone, but names themselves on their account page.
    const sales = await signedInStaff(db, 'sam@example.com', 'sales');
    expect(location(await changeStaff(deskForm(`/api/desk/staff/${anna.id}`, { action: 'rename', display_name: 'Hijack' }, sales.cookie), params(anna.id)))).toContain('error=forbidden');
    expect(location(await accountPost(deskForm('/api/desk/account', { action: 'name', display_name: 'Sam\u200B' }, sales.cookie)))).toBe('/en/desk/account?error=nameInvalid');
    expect(location(await accountPost(deskForm('/api/desk/account', { action: 'name', display_name: 'Sam Walker' }, sales.cookie)))).toBe('/en/desk/account?done=nameChanged');
    expect((await memberByEmail('sam@example.com'))!.displayName).toBe('Sam Walker');
    expect((await memberByEmail('anna@example.com'))!.displayName).toBe('Anna Smirnova');
  });

  it('shows the name in a lead history and an invoice history, the e-mail for one without a name', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'ivan@example.com', 'sales');
    // An admin: a salesperson may not note a lead another has taken.
    const other = await signedInStaff(db, 'noname@example.com', 'admin');
    await accountPost(deskForm('/api/desk/account', { action: 'name', display_name: 'Иван Орлов' }, sales.cookie));
    const lead = await storeLead(db);
    await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'in_progress' }, sales.cookie), params(lead.id));
    await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'note', note: 'Позвонить' }, other.cookie), params(lead.id));
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id));
    const names = await staffNames(db, events.map((event) => event.staffId));
    // Working the unowned lead took it (an owner entry), then its status; the admin's note.
    expect(events.map((event) => names.get(event.staffId!)).sort()).toEqual(['noname@example.com', 'Иван Орлов', 'Иван Орлов']);
    const actors = await actorEmails(db, [`staff:${sales.id}`, `staff:${other.id}`]);
    expect(actors.get(`staff:${sales.id}`)).toBe('Иван Орлов');
    expect(actors.get(`staff:${other.id}`)).toBe('noname@example.com');
  });

  it('keeps a staff change sent while the step-up is due and applies it once after the password', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'boss@example.com', 'admin');
    await staleSessions(admin.id);
    const sent = await addStaff(deskForm('/api/desk/staff', { display_name: 'Olga Kim', email: 'olga@example.com', role: 'finance', password: STRONG }, admin.cookie));
    const confirm = new URL(location(sent), 'http://desk.invalid');
    expect(confirm.pathname).toBe('/en/desk/confirm');
    expect(confirm.searchParams.get('back')).toBe('/en/desk/staff');
    const pending = confirm.searchParams.get('pending')!;
    expect(pending).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing of the form is in the address, and nothing is done yet.
    expect(location(sent)).not.toContain('olga');
    expect(await memberByEmail('olga@example.com')).toBeUndefined();
    // The password (sealed with the form) is not readable in the table.
    const [kept] = await db.select().from(deskPendingChanges);
    expect(kept!.body).toMatch(/^enc:v1:/);
    expect(kept!.body).not.toContain(STRONG);

    const wrong = await stepUp(deskForm('/api/desk/step-up', { secret: 'not my password', back: '/en/desk/staff', pending }, admin.cookie));
    expect(location(wrong)).toContain('error=badStepUp');
    expect(new URL(location(wrong), 'http://desk.invalid').searchParams.get('pending')).toBe(pending);
    expect(await memberByEmail('olga@example.com')).toBeUndefined();

    const done = await stepUp(deskForm('/api/desk/step-up', { secret: STRONG, back: '/en/desk/staff', pending }, admin.cookie));
    expect(location(done)).toBe('/en/desk/staff?done=staffAdded');
    const olga = (await memberByEmail('olga@example.com'))!;
    expect(olga.displayName).toBe('Olga Kim');
    expect(olga.role).toBe('finance');

    // Once: the same confirmation again applies nothing.
    await db.delete(staff).where(eq(staff.id, olga.id));
    const replay = await stepUp(deskForm('/api/desk/step-up', { secret: STRONG, back: '/en/desk/staff', pending }, admin.cookie));
    expect(location(replay)).toBe('/en/desk/staff?error=pendingExpired');
    expect(await memberByEmail('olga@example.com')).toBeUndefined();
  });

  it('finishes a kept change to an account (a password reset) after the password', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'boss@example.com', 'admin');
    const member = await signedInStaff(db, 'member@example.com', 'sales');
    await staleSessions(admin.id);
    const newPassword = 'granite-willow-comet-77';
    const sent = await changeStaff(deskForm(`/api/desk/staff/${member.id}`, { action: 'reset', password: newPassword, must_change: '1' }, admin.cookie), params(member.id));
    const pending = new URL(location(sent), 'http://desk.invalid').searchParams.get('pending')!;
    const done = await stepUp(deskForm('/api/desk/step-up', { secret: STRONG, back: '/en/desk/staff', pending }, admin.cookie));
    expect(location(done)).toBe('/en/desk/staff?done=passwordReset');
    expect((await memberByEmail('member@example.com'))!.mustChangePassword).toBe(true);
    const signIn = await deskLogin(deskForm('/api/desk/login', { email: 'member@example.com', pw: newPassword }));
    expect(signIn.headers.get('set-cookie')).toContain('desk_session=');
  });

  it('refuses a kept change that is tampered with, expired, or sent from another session', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'boss@example.com', 'admin');
    const second = await deskLogin(deskForm('/api/desk/login', { email: 'boss@example.com', pw: STRONG }));
    const otherCookie = (second.headers.get('set-cookie') ?? '').split(';')[0]!;
    await staleSessions(admin.id);
    const keep = async (email: string) => {
      const sent = await addStaff(deskForm('/api/desk/staff', { display_name: 'Someone', email, role: 'sales', password: STRONG }, admin.cookie));
      return new URL(location(sent), 'http://desk.invalid').searchParams.get('pending')!;
    };
    const confirmWith = (pending: string, cookie = admin.cookie) => stepUp(deskForm('/api/desk/step-up', { secret: STRONG, back: '/en/desk/staff', pending }, cookie));

    const token = await keep('t1@example.com');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(location(await confirmWith(tampered))).toBe('/en/desk/staff?error=pendingExpired');
    expect(location(await confirmWith('forged'))).toBe('/en/desk/staff?error=pendingExpired');
    expect(await memberByEmail('t1@example.com')).toBeUndefined();

    await staleSessions(admin.id);
    const old = await keep('t2@example.com');
    await db.update(deskPendingChanges).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(location(await confirmWith(old))).toBe('/en/desk/staff?error=pendingExpired');
    expect(await memberByEmail('t2@example.com')).toBeUndefined();

    await staleSessions(admin.id);
    const mine = await keep('t3@example.com');
    // The same admin's other session (another browser) cannot finish it...
    expect(location(await confirmWith(mine, otherCookie))).toBe('/en/desk/staff?error=pendingExpired');
    expect(await memberByEmail('t3@example.com')).toBeUndefined();
    // ...while the session that sent it still can.
    expect(location(await confirmWith(mine))).toBe('/en/desk/staff?done=staffAdded');
    expect(await memberByEmail('t3@example.com')).toBeDefined();
  });

  it('makes no TOTP key until the person chooses to turn the factor on; recovery codes come once, after the first code', async () => {
    const { db } = database.handle;
    const member = await signedInStaff(db, 'totp@example.com', 'sales');
    const before = (await memberByEmail('totp@example.com'))!;
    expect(before.totpSecret).toBeNull();
    expect(await enrolmentUnderWay(before)).toBeUndefined();

    expect(location(await secondFactor(deskForm('/api/desk/second-factor', { action: 'begin' }, member.cookie)))).toBe('/en/desk/account?done=twoFactorStarted');
    const started = (await memberByEmail('totp@example.com'))!;
    const { secret } = (await enrolmentUnderWay(started))!;
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    // No recovery codes yet: they are made with the first code.
    expect(started.recoveryCodes).toBeNull();
    expect(started.recoveryCodesToShow).toBeNull();
    // Pressing again keeps the same key (the app may already hold it).
    await secondFactor(deskForm('/api/desk/second-factor', { action: 'begin' }, member.cookie));
    expect((await enrolmentUnderWay((await memberByEmail('totp@example.com'))!))!.secret).toBe(secret);

    const on = await secondFactor(deskForm('/api/desk/second-factor', { action: 'enable', code: totpCode(secret, timeStep()) }, member.cookie));
    expect(location(on)).toBe('/en/desk/account?done=twoFactorOn');
    const enabled = (await memberByEmail('totp@example.com'))!;
    expect(enabled.recoveryCodesToShow).toMatch(/^enc:v1:/);
    const codes = (await takeRecoveryCodesToShow(db, enabled))!;
    expect(codes).toHaveLength(10);
    expect(await takeRecoveryCodesToShow(db, (await memberByEmail('totp@example.com'))!)).toBeUndefined();
    // Turned on: nothing more to begin.
    expect(location(await secondFactor(deskForm('/api/desk/second-factor', { action: 'begin' }, member.cookie)))).toBe('/en/desk/account?error=invalidInput');
  });
});
