import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as deskLogin } from '@/app/api/desk/login/route';
import { POST as deskLogout } from '@/app/api/desk/logout/route';
import { POST as leadAction } from '@/app/api/desk/leads/[id]/route';
import { POST as addStaff } from '@/app/api/desk/staff/route';
import { POST as changeStaff } from '@/app/api/desk/staff/[id]/route';
import { GET as exportCsv } from '@/app/api/desk/export/route';
import { POST as register } from '@/app/api/auth/registration/route';
import { leadEvents, leads, staff, staffSessions, users } from '@/db/schema';
import { parseEnv, setEnvForTests } from '@/server/env';
import { ensureDeskAdmin } from '@/server/desk/bootstrap';
import { jsonRequest } from '../support/requests';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskForm, deskGet, signedInStaff, storeLead, STRONG } from './desk-support';

const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe('desk settings', () => {
  it('stop the start on a weak admin password, or an e-mail without one', () => {
    expect(() => parseEnv({ DESK_ADMIN_EMAIL: 'boss@example.com', DESK_ADMIN_PASSWORD: 'password123' })).toThrow(/DESK_ADMIN_PASSWORD: too weak/);
    expect(() => parseEnv({ DESK_ADMIN_EMAIL: 'boss@example.com' })).toThrow(/go together/);
    expect(() => parseEnv({ DESK_WORKING_HOURS: 'Mon-Fri 18:00-09:00 UTC' })).toThrow(/DESK_WORKING_HOURS/);
    expect(() => parseEnv({ LEADS_RETENTION_DAYS: '0' })).toThrow(/LEADS_RETENTION_DAYS/);
    const env = parseEnv({ DESK_ADMIN_EMAIL: 'boss@example.com', DESK_ADMIN_PASSWORD: STRONG, DESK_REQUIRE_2FA: '1', LEADS_RETENTION_DAYS: '365' });
    expect(env.DESK_REQUIRE_2FA).toBe(true);
    expect(env.LEADS_RETENTION_DAYS).toBe(365);
    expect(env.DESK_WORKING_HOURS.timeZone).toBe('Europe/Moscow');
  });
});

describe.each(testDatabases())('desk access on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ DESK_ADMIN_EMAIL: '', DESK_ADMIN_PASSWORD: '', DESK_REQUIRE_2FA: '0', TELEGRAM_BOT_TOKEN: '', SMTP_URL: '' });
    const { db } = database.handle;
    await db.delete(staffSessions);
    await db.delete(staff);
    await db.delete(leads);
    await db.delete(users);
  });

  it('creates the first admin from the settings once, and the password works as given', async () => {
    const { db } = database.handle;
    setEnvForTests({ DESK_ADMIN_EMAIL: 'Boss@Example.com', DESK_ADMIN_PASSWORD: STRONG });
    expect(await ensureDeskAdmin(db)).toBe('created');
    expect(await ensureDeskAdmin(db)).toBe('exists');
    const [admin] = await db.select().from(staff);
    expect(admin!.role).toBe('admin');
    // The cost in effect (cheap under tests; the production cost is checked in passwords.test.ts).
    expect(admin!.passwordHash).toMatch(/^scrypt\$\d+\$/);
    const response = await deskLogin(deskForm('/api/desk/login', { email: 'boss@example.com', pw: STRONG }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/desk');
    const [cookie, device] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^desk_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    // The browser that signed in is the owner's from now on (the device cookie).
    expect(device).toMatch(/^desk_device=v1\.[0-9a-z]+\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=15552000$/);
  });

  it('uses the __Host- prefix and Secure over HTTPS', async () => {
    setEnvForTests({ NEXT_PUBLIC_SITE_URL: 'https://epc.example' });
    await signedInStaff(database.handle.db, 'secure@example.com', 'sales').then(({ cookie }) => expect(cookie).toMatch(/^__Host-desk_session=/));
    const response = await deskLogin(deskForm('/api/desk/login', { email: 'secure@example.com', pw: STRONG }));
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
    setEnvForTests({ NEXT_PUBLIC_SITE_URL: 'http://localhost:3000' });
  });

  it('refuses a wrong password and an unknown e-mail alike, and throttles guessing', async () => {
    await signedInStaff(database.handle.db, 'sales@example.com', 'sales');
    for (const email of ['sales@example.com', 'nobody@example.com']) {
      const response = await deskLogin(deskForm('/api/desk/login', { email, pw: 'wrong-password-000' }));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/en/desk/login?error=badCredentials');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    const json = await deskLogin(jsonRequest('/api/desk/login', { email: 'sales@example.com', pw: 'nope' }, { lang: 'en', address: '198.51.100.7' }));
    expect(json.status).toBe(400);
    let last = json;
    for (let attempt = 0; attempt < 10; attempt += 1) last = await deskLogin(jsonRequest('/api/desk/login', { email: 'sales@example.com', pw: 'nope' }, { lang: 'en', address: '198.51.100.7' }));
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses every request without a session, with a customer token, or of a disabled account', async () => {
    const { db } = database.handle;
    const lead = await storeLead(db);
    const noSession = await leadAction(jsonRequest(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'won' }, { lang: 'en' }), params(lead.id));
    expect(noSession.status).toBe(401);
    // A customer's token, as a cookie of the desk's name and as a Bearer header.
    const registered = await register(jsonRequest('/api/auth/registration', { email: 'client@example.com', phone: '+79123456789', pw: 'correct horse battery', pw2: 'correct horse battery', name_i: 'Олег', firm_name: 'ООО Ось', country_name: 'Россия', city_name: 'Тверь', website: '', consent: true }));
    const { token } = (await registered.json()).result;
    for (const headers of [{ cookie: `desk_session=${token}` }, { authorization: `Bearer ${token}` }] as Array<Record<string, string>>) {
      const response = await leadAction(jsonRequest(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'won' }, { lang: 'en', headers }), params(lead.id));
      expect(response.status).toBe(401);
      expect((await exportCsv(deskGet('/api/desk/export', headers.cookie))).status).toBe(401);
    }
    // A form post without a session goes to the sign-in page.
    const form = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'won' }), params(lead.id));
    expect(form.headers.get('location')).toBe('/en/desk/login?error=unauthorized');

    const admin = await signedInStaff(db, 'admin@example.com', 'admin');
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const disabled = await changeStaff(deskForm(`/api/desk/staff/${sales.id}`, { action: 'disable' }, admin.cookie), params(sales.id));
    expect(disabled.headers.get('location')).toBe('/en/desk/staff?done=staffDisabled');
    const afterDisable = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'status', status: 'won' }, sales.cookie, { accept: 'application/json' }), params(lead.id));
    expect(afterDisable.status).toBe(303);
    expect(afterDisable.headers.get('location')).toContain('/login');
    const login = await deskLogin(deskForm('/api/desk/login', { email: 'sales@example.com', pw: STRONG }));
    expect(login.headers.get('location')).toContain('error=badCredentials');
    const [unchanged] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(unchanged!.status).toBe('new');
    expect(await db.select().from(leadEvents)).toHaveLength(0);
  });

  it('refuses a sales account on admin actions (403) and a cross-site post (403), changing nothing', async () => {
    const { db } = database.handle;
    const admin = await signedInStaff(db, 'admin@example.com', 'admin');
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const bySales = await addStaff(jsonRequest('/api/desk/staff', { display_name: 'New Person', email: 'new@example.com', role: 'admin', password: STRONG }, { lang: 'en', headers: { cookie: sales.cookie } }));
    expect(bySales.status).toBe(403);
    expect((await bySales.json()).errors[0]).toBe('You do not have permission to do this');
    const crossSite = await addStaff(deskForm('/api/desk/staff', { display_name: 'New Person', email: 'new@example.com', role: 'admin', password: STRONG }, admin.cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
    expect(crossSite.status).toBe(403);
    const lead = await storeLead(db);
    const crossStatus = await leadAction(deskForm(`/api/desk/leads/${lead.id}`, { action: 'erase', confirm: 'yes' }, admin.cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), params(lead.id));
    expect(crossStatus.status).toBe(403);
    expect((await db.select().from(staff)).map((row) => row.email).sort()).toEqual(['admin@example.com', 'sales@example.com']);
    expect((await db.select().from(leads))[0]!.name).toBe('Иван Петров');
    const byAdmin = await addStaff(deskForm('/api/desk/staff', { display_name: 'New Person', email: 'new@example.com', role: 'sales', password: 'short' }, admin.cookie));
    expect(byAdmin.headers.get('location')).toBe('/en/desk/staff?error=staffPasswordTooShort');
    const added = await addStaff(deskForm('/api/desk/staff', { display_name: 'New Person', email: 'new@example.com', role: 'sales', password: STRONG }, admin.cookie));
    expect(added.headers.get('location')).toBe('/en/desk/staff?done=staffAdded');
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const { db } = database.handle;
    const sales = await signedInStaff(db, 'sales@example.com', 'sales');
    const out = await deskLogout(deskForm('/api/desk/logout', {}, sales.cookie));
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/^desk_session=; .*Max-Age=0/);
    expect((await exportCsv(deskGet('/api/desk/export', sales.cookie))).status).toBe(401);
  });

  it('lists a registration as a lead of its own kind', async () => {
    await register(jsonRequest('/api/auth/registration', { email: 'firm@example.com', phone: '+79123456780', pw: 'correct horse battery', pw2: 'correct horse battery', name_i: 'Анна', name_f: 'Смирнова', firm_name: 'ООО Втулка', country_name: 'Россия', city_name: 'Казань', website: '', consent: true }));
    const [lead] = await database.handle.db.select().from(leads);
    expect(lead).toMatchObject({ kind: 'registration', name: 'Анна Смирнова', email: 'firm@example.com', lang: 'ru' });
    expect(lead!.payload.firm_name).toBe('ООО Втулка');
  });
});
