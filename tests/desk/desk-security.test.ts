import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as deskLogin } from '@/app/api/desk/login/route';
import { POST as deskLogout } from '@/app/api/desk/logout/route';
import { POST as secondFactor } from '@/app/api/desk/second-factor/route';
import { POST as leadAction } from '@/app/api/desk/leads/[id]/route';
import { POST as addStaff } from '@/app/api/desk/staff/route';
import { POST as changeStaff } from '@/app/api/desk/staff/[id]/route';
import { POST as accountAction } from '@/app/api/desk/account/route';
import { POST as stepUp } from '@/app/api/desk/step-up/route';
import { GET as exportCsv } from '@/app/api/desk/export/route';
import { POST as customerLogin } from '@/app/api/auth/auth/route';
import { POST as register } from '@/app/api/auth/registration/route';
import { leads, securityEvents, staff, staffSessions, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { normalisedLogin } from '@/server/auth/login-throttle';
import { liveLeadStream } from '@/server/desk/live-stream';
import { beginEnrolment, enableTotp, sealStoredTotpSecrets } from '@/server/desk/second-factor';
import { securityEventCounts } from '@/server/desk/security-log';
import { createStaff } from '@/server/desk/staff';
import { totpCode, timeStep } from '@/server/desk/totp';
import { getRequest, jsonRequest } from '../support/requests';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskForm, deskGet, signedInStaff, storeLead, STRONG } from './desk-support';

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith(`${name}=`));

/** A desk sign-in from one address, with whatever cookies the browser holds. */
const signIn = (email: string, pw: string, address: string, cookie?: string) =>
  deskLogin(deskForm('/api/desk/login', { email, pw }, cookie, { 'x-forwarded-for': address }));

const eventsOf = async (db: ReturnType<typeof useTestDb>['handle']['db'], event: string) => db.select().from(securityEvents).where(eq(securityEvents.event, event));

describe('login keys', () => {
  it('fold every spelling of an address to one key (NFKC, case folded; dotted capital İ)', () => {
    expect(normalisedLogin('sec3.lİmİt@example.com')).toBe('sec3.limit@example.com');
    expect(normalisedLogin(' SEC3.LIMIT@EXAMPLE.COM ')).toBe('sec3.limit@example.com');
    // Full-width letters and a ligature (NFKC), and ß folded as case folding does.
    expect(normalisedLogin('ｓｅｃ3.ﬁ@example.com')).toBe('sec3.fi@example.com');
    expect(normalisedLogin('STRAẞE@example.com')).toBe(normalisedLogin('strasse@example.com'));
  });
});

describe.each(testDatabases())('desk security on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ DESK_REQUIRE_2FA: '0', DESK_SESSION_MAX_DAYS: '7', TELEGRAM_BOT_TOKEN: '', SMTP_URL: '' });
    const { db } = database.handle;
    await db.delete(staffSessions);
    await db.delete(staff);
    await db.delete(leads);
    await db.delete(users);
    await db.delete(securityEvents);
  });

  it('keeps the owner in when strangers spend the account ceiling from ten addresses: device cookie, second factor', async () => {
    const { db } = database.handle;
    await createStaff(db, 'owner@example.com', 'sales', STRONG);
    // The owner signed in from this browser before the attack: it holds the device cookie.
    const earlier = await signIn('owner@example.com', STRONG, '192.0.2.1');
    const device = cookieOf(earlier, 'desk_device')!;
    expect(device).toMatch(/^desk_device=v1\./);
    const lockoutsBefore = securityEventCounts()['login.lockout'];
    for (let address = 1; address <= 10; address += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const wrong = await signIn('owner@example.com', `wrong-guess-${attempt}`, `198.51.100.${address}`);
        expect(wrong.headers.get('location')).toBe('/en/desk/login?error=badCredentials');
      }
    }
    // The ceiling is spent: a stranger (even with the right password, from a new address) waits and is refused.
    const stranger = await signIn('owner@example.com', STRONG, '203.0.113.50');
    expect(stranger.headers.get('location')).toBe('/en/desk/login?error=accountLocked');
    expect(stranger.headers.getSetCookie()).toEqual([]);
    // The owner's browser still gets in, and is told why.
    const owner = await signIn('owner@example.com', STRONG, '203.0.113.51', device);
    expect(owner.headers.get('location')).toBe('/en/desk?done=lockedForOthers');
    const session = cookieOf(owner, 'desk_session')!;
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', session))).status).toBe(200);
    // A forged or another account's device cookie is a stranger's.
    const forged = await signIn('owner@example.com', STRONG, '203.0.113.52', device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    expect(forged.headers.get('location')).toBe('/en/desk/login?error=accountLocked');
    // The log has each failure, the lockout once, and the owner let in past it.
    expect(await eventsOf(db, 'login.failed')).toHaveLength(100);
    expect(await eventsOf(db, 'login.lockout')).toHaveLength(1);
    expect(await eventsOf(db, 'login.device')).toHaveLength(1);
    expect(securityEventCounts()['login.lockout']).toBe(lockoutsBefore + 1);
    const [row] = await eventsOf(db, 'login.lockout');
    expect(row!.address).toBe('203.0.113.50');
  });

  it('lets an account with a second factor reach its second step past the ceiling; the password alone opens nothing', async () => {
    const { db } = database.handle;
    const created = await createStaff(db, 'totp@example.com', 'admin', STRONG);
    const [member] = await db.select().from(staff).where(eq(staff.id, created.ok ? created.id : ''));
    const { secret } = await beginEnrolment(db, member!);
    const [enrolling] = await db.select().from(staff).where(eq(staff.id, member!.id));
    expect(enrolling!.totpSecret).toMatch(/^enc:v1:/);
    expect(await enableTotp(db, enrolling!, totpCode(secret, timeStep() - 1))).toBe(true);
    for (let address = 1; address <= 10; address += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1) await signIn('totp@example.com', 'wrong-guess', `198.51.100.${address}`);
    }
    const owner = await signIn('totp@example.com', STRONG, '203.0.113.60');
    expect(owner.headers.get('location')).toBe('/en/desk/second-factor?done=lockedForOthers');
    const pending = cookieOf(owner, 'desk_session')!;
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', pending))).status).toBe(401);
    const verified = await secondFactor(deskForm('/api/desk/second-factor', { action: 'verify', code: totpCode(secret, timeStep()) }, pending));
    expect(verified.headers.get('location')).toBe('/en/desk');
    expect(cookieOf(verified, 'desk_device')).toMatch(/^desk_device=v1\./);
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', cookieOf(verified, 'desk_session')))).status).toBe(200);
    // A stranger with a wrong password is still refused as before.
    const stranger = await signIn('totp@example.com', 'wrong-guess', '203.0.113.61');
    expect(stranger.headers.get('location')).toBe('/en/desk/login?error=badCredentials');
  });

  it('counts sec3.lİmİt against sec3.limit: one budget per account, however it is spelt', async () => {
    const { db } = database.handle;
    await createStaff(db, 'sec3.limit@example.com', 'sales', STRONG);
    for (let attempt = 0; attempt < 10; attempt += 1) await signIn('sec3.limit@example.com', 'wrong-guess', '198.51.100.9');
    for (const spelling of ['sec3.lİmİt@example.com', 'SEC3.LIMIT@example.com', 'sec3.limit@example.com']) {
      const again = await signIn(spelling, STRONG, '198.51.100.9');
      expect(again.headers.get('location')).toBe('/en/desk/login?error=rateLimited');
      expect(again.headers.getSetCookie()).toEqual([]);
    }
  });

  it('throttles customers the same way: device cookie past the ceiling, İ spelling on the same key', async () => {
    const email = 'client.limit@example.com';
    const registered = await register(jsonRequest('/api/auth/registration', { email, phone: '+79123456789', pw: 'correct horse battery', pw2: 'correct horse battery', name_i: 'Олег', firm_name: 'ООО Ось', country_name: 'Россия', city_name: 'Тверь', website: '', consent: true }));
    expect(registered.status).toBe(200);
    const login = (address: string, pw: string, spelling = email, cookie?: string) =>
      customerLogin(jsonRequest('/api/auth/auth', { email: spelling, pw }, { lang: 'en', address, headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) } }));
    const first = await login('192.0.2.7', 'correct horse battery');
    expect(first.status).toBe(200);
    const device = cookieOf(first, 'login_device')!;
    expect(device).toMatch(/^login_device=v1\./);
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await login('198.51.100.77', 'wrong')).status).toBe(400);
    // The same account in another spelling shares the budget (the form's schema refuses the İ spelling outright).
    expect((await login('198.51.100.77', 'correct horse battery', 'Client.LIMIT@example.com')).status).toBe(429);
    const dotted = await login('198.51.100.77', 'correct horse battery', 'clİent.lİmİt@example.com');
    expect(dotted.status).not.toBe(200);
    expect(dotted.headers.getSetCookie()).toEqual([]);
    for (let address = 1; address <= 9; address += 1) {
      for (let attempt = 0; attempt < 10; attempt += 1) await login(`198.51.101.${address}`, 'wrong');
    }
    const stranger = await login('203.0.113.70', 'correct horse battery');
    expect(stranger.status).toBe(429);
    expect((await stranger.json()).errors[0]).toMatch(/browser you have used before/);
    expect((await login('203.0.113.71', 'correct horse battery', email, device)).status).toBe(200);
    expect(await eventsOf(database.handle.db, 'customer.lockout')).toHaveLength(1);
  });

  it('writes a security log row for each staff change, second factor, full export and erasure', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'admin@example.com', 'admin');
    const added = await addStaff(deskForm('/api/desk/staff', { display_name: 'New Person', email: 'new@example.com', role: 'sales', password: STRONG }, admin.cookie, { 'x-request-id': 'req-123' }));
    expect(added.headers.get('location')).toBe('/en/desk/staff?done=staffAdded');
    const [member] = await db.select().from(staff).where(eq(staff.email, 'new@example.com'));
    await changeStaff(deskForm(`/api/desk/staff/${member!.id}`, { action: 'reset', password: 'another-strong-pass-77', must_change: '1' }, admin.cookie), params(member!.id));
    await changeStaff(deskForm(`/api/desk/staff/${member!.id}`, { action: 'disable' }, admin.cookie), params(member!.id));
    const [adminRow] = await db.select().from(staff).where(eq(staff.id, admin.id));
    const { secret } = await beginEnrolment(db, adminRow!);
    await secondFactor(deskForm('/api/desk/second-factor', { action: 'enable', code: totpCode(secret, timeStep()) }, admin.cookie));
    expect((await exportCsv(getRequest('/api/desk/export', { lang: 'en', headers: { cookie: admin.cookie, 'x-forwarded-for': '192.0.2.99' } }))).status).toBe(200);
    const lead = await storeLead(db);
    await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'erase', confirm: 'yes' }, admin.cookie), params(lead.id));
    const rows = await db.select().from(securityEvents).orderBy(securityEvents.id);
    expect(rows.map((row) => row.event)).toEqual(['staff.created', 'password.reset', 'staff.disabled', 'secondFactor.enrolled', 'export.full', 'lead.erased']);
    expect(rows[0]).toMatchObject({ staffId: admin.id, subjectId: member!.id, requestId: 'req-123' });
    expect(rows.every((row) => row.staffId === admin.id && row.address)).toBe(true);
    // No secrets and no customer data in the log (the phone by its digit groups: a random id may hold '916').
    const text = JSON.stringify(rows);
    for (const secretText of [STRONG, 'another-strong-pass-77', secret, 'Иван', '123-45-67', 'ivan@example.com']) expect(text).not.toContain(secretText);
  });

  it('ends sessions past their lifetime, and the other sessions when the password or a factor changes', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'life@example.com', 'sales');
    const other = cookieOf(await signIn('life@example.com', STRONG, '192.0.2.30'), 'desk_session')!;
    // Used a minute ago, but signed in 8 days ago: over DESK_SESSION_MAX_DAYS (7).
    await db.update(staffSessions).set({ createdAt: sql`now() - interval '8 days'`, lastUsedAt: sql`now() - interval '1 minute'` }).where(eq(staffSessions.staffId, sales.id));
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', sales.cookie))).status).toBe(401);
    setEnvForTests({ DESK_SESSION_MAX_DAYS: '30' });
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', sales.cookie))).status).toBe(200);
    // The member's own password change (with the current one) ends the other session, keeps this one.
    const wrong = await accountAction(deskForm('/api/desk/account', { action: 'password', current: 'not-my-password', password: 'brand-new-secret-99' }, sales.cookie));
    expect(wrong.headers.get('location')).toBe('/en/desk/account?error=wrongPassword');
    const changed = await accountAction(deskForm('/api/desk/account', { action: 'password', current: STRONG, password: 'brand-new-secret-99' }, sales.cookie));
    expect(changed.headers.get('location')).toBe('/en/desk/account?done=passwordChanged');
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', sales.cookie))).status).toBe(200);
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', other))).status).toBe(401);
    expect((await signIn('life@example.com', 'brand-new-secret-99', '192.0.2.31')).headers.get('location')).toBe('/en/desk');
    expect(await eventsOf(db, 'password.changed')).toHaveLength(1);
  });

  it('makes a member with a reset password choose a new one before anything else', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'boss@example.com', 'admin');
    const sales = await signedInStaff(db, 'reset@example.com', 'sales');
    await changeStaff(deskForm(`/api/desk/staff/${sales.id}`, { action: 'reset', password: 'temporary-pass-4821', must_change: '1' }, admin.cookie), params(sales.id));
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', sales.cookie))).status).toBe(401);
    const session = cookieOf(await signIn('reset@example.com', 'temporary-pass-4821', '192.0.2.40'), 'desk_session')!;
    const lead = await storeLead(db);
    const blocked = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'note', note: 'x' }, session), params(lead.id));
    expect(blocked.headers.get('location')).toBe('/en/desk/account?error=mustChangePassword');
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', session))).status).toBe(403);
    await accountAction(deskForm('/api/desk/account', { action: 'password', current: 'temporary-pass-4821', password: 'my-own-secret-5512' }, session));
    const [row] = await db.select().from(staff).where(eq(staff.id, sales.id));
    expect(row!.mustChangePassword).toBe(false);
    expect((await exportCsv(deskGet('/api/desk/export?kind=btn_buy', session))).status).toBe(200);
  });

  it('asks for the password or a code again before staff changes, erasure and full exports (step-up)', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'step@example.com', 'admin');
    const lead = await storeLead(db);
    await db.update(staffSessions).set({ authenticatedAt: sql`now() - interval '6 minutes'` }).where(eq(staffSessions.staffId, admin.id));
    const staffChange = await addStaff(deskForm('/api/desk/staff', { display_name: 'New Person', email: 'late@example.com', role: 'sales', password: STRONG }, admin.cookie));
    // The form is kept for the confirmation to finish (tests/desk/desk-staff-names.test.ts).
    expect(staffChange.headers.get('location')).toMatch(/^\/en\/desk\/confirm\?back=%2Fen%2Fdesk%2Fstaff&pending=[A-Za-z0-9_-]{43}$/);
    const erase = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'erase', confirm: 'yes' }, admin.cookie), params(lead.id));
    expect(erase.headers.get('location')).toContain('/en/desk/confirm?back=');
    const full = await exportCsv(deskGet('/api/desk/export', admin.cookie));
    expect(full.status).toBe(303);
    expect(full.headers.get('location')).toBe('/en/desk/confirm?back=%2Fen%2Fdesk');
    // A filtered export is everyday work: no step-up.
    expect((await exportCsv(deskGet('/api/desk/export?status=new', admin.cookie))).status).toBe(200);
    expect(await db.select().from(staff)).toHaveLength(1);
    expect((await db.select().from(leads))[0]!.erasedAt).toBeNull();
    const bad = await stepUp(deskForm('/api/desk/step-up', { secret: 'not-it', back: '/en/desk/staff' }, admin.cookie));
    expect(bad.headers.get('location')).toContain('error=badStepUp');
    const good = await stepUp(deskForm('/api/desk/step-up', { secret: STRONG, back: '/en/desk/staff' }, admin.cookie));
    expect(good.headers.get('location')).toBe('/en/desk/staff?done=confirmed');
    expect((await addStaff(deskForm('/api/desk/staff', { display_name: 'New Person', email: 'late@example.com', role: 'sales', password: STRONG }, admin.cookie))).headers.get('location')).toBe('/en/desk/staff?done=staffAdded');
    expect((await exportCsv(deskGet('/api/desk/export', admin.cookie))).status).toBe(200);
    expect(await eventsOf(db, 'stepUp.failed')).toHaveLength(1);
  });

  it('under DESK_REQUIRE_2FA enrols an account only through an admin link, once', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'chief@example.com', 'admin');
    const [adminRow] = await db.select().from(staff).where(eq(staff.id, admin.id));
    const { secret } = await beginEnrolment(db, adminRow!);
    await secondFactor(deskForm('/api/desk/second-factor', { action: 'enable', code: totpCode(secret, timeStep()) }, admin.cookie));
    const created = await createStaff(db, 'fresh@example.com', 'sales', STRONG);
    setEnvForTests({ DESK_REQUIRE_2FA: '1' });
    expect((await signIn('fresh@example.com', STRONG, '192.0.2.50')).headers.get('location')).toBe('/en/desk/login?error=enrolmentLinkNeeded');
    const memberId = created.ok ? created.id : '';
    const issued = await changeStaff(deskForm(`/api/desk/staff/${memberId}`, { action: 'enrolLink' }, admin.cookie), params(memberId));
    expect(issued.headers.get('location')).toBe('/en/desk/staff?done=enrolmentLinkIssued');
    const [member] = await db.select().from(staff).where(eq(staff.id, memberId));
    expect(member!.enrolmentToken).toMatch(/^enc:v1:/);
    const { outstandingEnrolmentToken } = await import('@/server/desk/enrolment-link');
    const token = (await outstandingEnrolmentToken(member!))!;
    const withLink = await deskLogin(deskForm('/api/desk/login', { email: 'fresh@example.com', pw: STRONG, enrol: token }, undefined, { 'x-forwarded-for': '192.0.2.51' }));
    expect(withLink.headers.get('location')).toBe('/en/desk/second-factor');
    const again = await deskLogin(deskForm('/api/desk/login', { email: 'fresh@example.com', pw: STRONG, enrol: token }, undefined, { 'x-forwarded-for': '192.0.2.52' }));
    expect(again.headers.get('location')).toContain('error=enrolmentLinkNeeded');
    expect(await eventsOf(db, 'secondFactor.enrolmentLink')).toHaveLength(1);
  });

  it('keeps TOTP secrets stored in clear before the round readable, sealing them at start', async () => {
    const { db } = database.handle;
    const member = await signedInStaff(db, 'legacy@example.com', 'sales');
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await db.update(staff).set({ totpSecret: plain, totpEnabledAt: sql`now()`, recoveryCodes: [] }).where(eq(staff.id, member.id));
    expect(await sealStoredTotpSecrets(db)).toBe(1);
    const [row] = await db.select().from(staff).where(eq(staff.id, member.id));
    expect(row!.totpSecret).toMatch(/^enc:v1:/);
    expect(row!.totpSecret).not.toContain(plain);
    expect(await sealStoredTotpSecrets(db)).toBe(0);
    const pending = cookieOf(await signIn('legacy@example.com', STRONG, '192.0.2.60'), 'desk_session')!;
    const verified = await secondFactor(deskForm('/api/desk/second-factor', { action: 'verify', code: totpCode(plain, timeStep()) }, pending));
    expect(verified.headers.get('location')).toBe('/en/desk');
  });

  it('closes the live stream after sign-out and after the account is disabled; a reconnect gets the leads it missed', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'watch@example.com', 'admin');
    const sales = await signedInStaff(db, 'live@example.com', 'sales');
    const read = async (response: Response, until: (text: string) => boolean, ms = 3000) => {
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const deadline = Date.now() + ms;
      let ended = false;
      while (Date.now() < deadline && !until(text)) {
        const next = await Promise.race([reader.read(), new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), deadline - Date.now()))]);
        if (next === 'timeout') break;
        if (next.done) {
          ended = true;
          break;
        }
        text += decoder.decode(next.value);
      }
      reader.releaseLock();
      return { text, ended };
    };
    const first = await storeLead(db, { createdAt: new Date(Date.now() - 3000) });
    const second = await storeLead(db, { createdAt: new Date(Date.now() - 2000), kind: 'feedback' });
    const stream = await liveLeadStream(deskGet('/api/desk/events', sales.cookie), 50);
    expect(stream.status).toBe(200);
    const opened = await read(stream, (text) => text.includes(`id: ${second.id}`));
    expect(opened.text).toContain(`id: ${second.id}`);
    await deskLogout(deskForm('/api/desk/logout', {}, sales.cookie));
    expect((await read(stream, () => false)).ended).toBe(true);

    const watcher = await liveLeadStream(deskGet('/api/desk/events', admin.cookie), 50);
    const victim = await signedInStaff(db, 'gone@example.com', 'sales');
    const victimStream = await liveLeadStream(deskGet('/api/desk/events', victim.cookie), 50);
    await changeStaff(deskForm(`/api/desk/staff/${victim.id}`, { action: 'disable' }, admin.cookie), params(victim.id));
    expect((await read(victimStream, () => false)).ended).toBe(true);
    expect((await read(watcher, () => false, 300)).ended).toBe(false);
    await watcher.body!.cancel();

    // Reconnecting with the id of the first lead: the second comes at once, and nothing older.
    const reconnected = await liveLeadStream(getWithLastEventId(admin.cookie, first.id), 50);
    const caught = await read(reconnected, (text) => text.includes(second.id));
    expect(caught.text).toContain(`id: ${second.id}\nevent: lead\ndata: {"id":"${second.id}","kind":"feedback"}`);
    expect(caught.text).not.toContain(`data: {"id":"${first.id}"`);
    await reconnected.body!.cancel();
  });
});

const getWithLastEventId = (cookie: string, id: string) => getRequest('/api/desk/events', { lang: 'en', headers: { cookie, 'last-event-id': id } });
