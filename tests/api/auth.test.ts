import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/auth/auth/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as register } from '@/app/api/auth/registration/route';
import { POST as remind } from '@/app/api/auth/remind/route';
import { outboxMessages, sessions, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { remindersSettled } from '@/server/auth/remind';
import { accountLimitKey } from '@/server/auth/login-throttle';
import { watchHashesForTests } from '@/server/auth/passwords';
import { consume } from '@/server/http/rate-limit';
import { channelsFromEnv } from '@/server/outbox/config';
import { drainOutbox } from '@/server/outbox/drain';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { getRequest, jsonRequest } from '../support/requests';
import { startSmtpStub, type SmtpStub } from '../support/smtp-stub';
import { testDatabases, useTestDb } from '../support/test-db';

const account = {
  email: 'Owner@Example.com',
  phone: '+79123456789',
  pw: 'correct horse battery',
  pw2: 'correct horse battery',
  name_f: 'Иванов',
  name_i: 'Иван',
  firm_name: 'ООО «Запчасти»',
  country_name: 'Россия',
  city_name: 'Казань',
  consent: true,
  website: '',
};

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

let smtp: SmtpStub;
beforeAll(async () => {
  smtp = await startSmtpStub();
});
afterAll(async () => {
  setEnvForTests();
  await smtp.close();
});

describe.each(testDatabases())('auth endpoints on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ PARTNER_LOGIN_URL: '', SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '' });
    smtp.mails.length = 0;
    await database.handle.db.delete(outboxMessages);
    await database.handle.db.delete(users);
  });

  async function registered() {
    const response = await register(jsonRequest('/api/auth/registration', account));
    expect(response.status).toBe(200);
    return (await response.json()).result as { token: string; redirect: string };
  }

  /** Registered, its address confirmed (a password is only mailed to a confirmed one), its confirmation e-mail out of the way. */
  async function registeredConfirmed() {
    const result = await registered();
    await database.handle.db.update(users).set({ emailConfirmedAt: sql`now()` });
    await database.handle.db.delete(outboxMessages);
    return result;
  }

  /** The database's clock (sessions are timed by it), in ms; `up` rounds up, for an upper bound. */
  async function dbNow(up = false) {
    const result = (await database.handle.db.execute(sql`select (extract(epoch from now()) * 1000)::float8 as now`)) as unknown as { rows: Array<{ now: number }> };
    const now = Number(result.rows[0]!.now);
    return up ? Math.ceil(now) : Math.floor(now);
  }

  it('registers, answers a token and the account page, and /me shows the account', async () => {
    const before = await dbNow();
    const { token, redirect } = await registered();
    const after = await dbNow(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Our own account page reads the stored token: none in the address.
    expect(redirect).toBe('/ru/auth/account');
    const [user] = await database.handle.db.select().from(users);
    // The cost in effect (cheap under tests; the production cost is checked in passwords.test.ts).
    expect(user!.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    const [session] = await database.handle.db.select().from(sessions);
    expect(session!.tokenHash).not.toContain(token);
    // Thirty days from the registration, by the database's clock.
    expect(session!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(after + 30 * 86_400_000);

    const response = await me(getRequest('/api/auth/me', bearer(token)));
    expect(response.status).toBe(200);
    const { user: shown } = (await response.json()).result;
    expect(shown).toMatchObject({ email: 'Owner@Example.com', name_i: 'Иван', firm_name: 'ООО «Запчасти»', city_name: 'Казань' });
    expect(JSON.stringify(shown)).not.toContain('scrypt');
  });

  it('sends the token to PARTNER_LOGIN_URL when it is set', async () => {
    setEnvForTests({ PARTNER_LOGIN_URL: 'https://partner.example/login?from=site' });
    const { token, redirect } = await registered();
    expect(redirect).toBe(`https://partner.example/login?from=site&token=${token}`);
  });

  it('refuses a taken e-mail regardless of case, and invalid registrations field by field', async () => {
    await registered();
    const taken = await register(jsonRequest('/api/auth/registration', { ...account, email: 'owner@EXAMPLE.com' }, { lang: 'en' }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ errors: [en.ApiErrors.emailTaken, en.ApiErrors.emailTaken], errorsFld: { email: en.ApiErrors.emailTaken } });

    const bad = await register(
      jsonRequest('/api/auth/registration', { ...account, email: 'x@y', phone: '+7123', pw: 'short', pw2: 'short', firm_name: '', city_name: undefined }, { lang: 'en' }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errorsFld).toEqual({
      email: en.Validation.invalidEmail,
      phone: en.Validation.invalidPhone,
      pw: en.Validation.passwordTooShort,
      firm_name: en.Validation.required,
      city_name: en.Validation.required,
    });
    const differ = await register(jsonRequest('/api/auth/registration', { ...account, email: 'b@example.com', pw2: 'another password' }));
    expect((await differ.json()).errorsFld).toEqual({ pw2: ru.Validation.passwordsDiffer });
    const common = await register(jsonRequest('/api/auth/registration', { ...account, email: 'c@example.com', pw: 'password123', pw2: 'password123' }));
    expect((await common.json()).errorsFld).toEqual({ pw: ru.Validation.passwordCommon });
  });

  // A wrong password and an unknown e-mail answering alike: tests/api/accounts.test.ts.
  it('logs in with any case of the e-mail', async () => {
    await registered();
    const ok = await login(jsonRequest('/api/auth/auth', { email: 'OWNER@example.com', pw: account.pw }));
    expect(ok.status).toBe(200);
    const { token } = (await ok.json()).result;
    expect((await me(getRequest('/api/auth/me', bearer(token)))).status).toBe(200);
  });

  it('allows at most 10 failed logins per account and address in 15 minutes, and the owner still gets in from elsewhere', async () => {
    await registered();
    const stranger = '198.51.100.7';
    for (let i = 0; i < 10; i++) {
      const response = await login(jsonRequest('/api/auth/auth', { email: account.email, pw: `wrong-${i}` }, { address: stranger }));
      expect(response.status).toBe(400);
    }
    const blocked = await login(jsonRequest('/api/auth/auth', { email: account.email.toLowerCase(), pw: account.pw }, { lang: 'en', address: stranger }));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await blocked.json()).errors).toEqual([en.ApiErrors.rateLimited]);
    // The owner, from their own address, is not locked out by the stranger.
    const owner = await login(jsonRequest('/api/auth/auth', { email: account.email, pw: account.pw }, { address: '192.0.2.44' }));
    expect(owner.status).toBe(200);
  });

  it('counts an attempt before checking the password: 25 parallel guesses, only 10 checked', async () => {
    await registered();
    const address = '198.51.100.8';
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(jsonRequest('/api/auth/auth', { email: account.email, pw: `guess-${i}` }, { address }))),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('stops a guessing run spread over many addresses at 100 attempts an hour per account', async () => {
    await registered();
    // 100 attempts already counted for the account, from anywhere (the route takes one per attempt; keyed by the account's id).
    const [user] = await database.handle.db.select().from(users);
    for (let i = 0; i < 100; i++) expect((await consume('loginAccount', accountLimitKey('customer', user!.id, account.email))).ok).toBe(true);
    const refused = await login(jsonRequest('/api/auth/auth', { email: account.email, pw: account.pw }, { address: '192.0.2.99' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('answers 401 to a token unused for more than SESSION_IDLE_DAYS (7), and each use keeps it alive', async () => {
    const { token } = await registered();
    await database.handle.db.update(sessions).set({ lastUsedAt: sql`now() - interval '6 days 23 hours'` });
    const before = await dbNow();
    expect((await me(getRequest('/api/auth/me', bearer(token)))).status).toBe(200);
    const after = await dbNow(true);
    // That use counted: a week of silence starts again from it.
    const [row] = await database.handle.db.select().from(sessions);
    expect(row!.lastUsedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.lastUsedAt.getTime()).toBeLessThanOrEqual(after);
    await database.handle.db.update(sessions).set({ lastUsedAt: sql`now() - interval '7 days 1 minute'` });
    expect((await me(getRequest('/api/auth/me', bearer(token)))).status).toBe(401);
  });

  it('answers 401 to /me without a token, with a revoked one and with an expired one', async () => {
    expect((await me(getRequest('/api/auth/me'))).status).toBe(401);
    const bad = await me(getRequest('/api/auth/me', { lang: 'en', headers: { Authorization: 'Bearer nonsense-token-of-enough-length' } }));
    expect(bad.status).toBe(401);
    expect((await bad.json()).errors).toEqual([en.ApiErrors.unauthorized]);

    const { token } = await registered();
    expect((await logout(jsonRequest('/api/auth/logout', {}, bearer(token)))).status).toBe(200);
    expect((await me(getRequest('/api/auth/me', bearer(token)))).status).toBe(401);

    const second = await login(jsonRequest('/api/auth/auth', { email: account.email, pw: account.pw }));
    const { token: fresh } = (await second.json()).result;
    await database.handle.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await me(getRequest('/api/auth/me', bearer(fresh)))).status).toBe(401);
  });

  it('remind: same answer for unknown e-mails; the new password works beside the old one until either is used', async () => {
    setEnvForTests({ SMTP_URL: smtp.url, MAIL_FROM: 'site@example.com' });
    await registeredConfirmed();
    const unknown = await remind(jsonRequest('/api/auth/remind', { email: 'nobody@example.com' }, { lang: 'en' }));
    const known = await remind(jsonRequest('/api/auth/remind', { email: 'owner@example.com' }, { lang: 'en' }));
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());

    const env = setEnvForTests({ SMTP_URL: smtp.url, MAIL_FROM: 'site@example.com' });
    await remindersSettled();
    await drainOutbox(database.handle.db, channelsFromEnv(env));
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to.map((to) => to.toLowerCase())).toEqual(['owner@example.com']);
    const password = /: ([A-Za-z0-9]{12})\r?\n/.exec(smtp.mails[0]!.raw)?.[1];
    expect(password).toBeDefined();
    // The delivered row no longer holds the password.
    const [row] = await database.handle.db.select().from(outboxMessages);
    expect(JSON.stringify(row!.payload)).not.toContain(password);

    // The old password still works, and using it cancels the new one.
    expect((await login(jsonRequest('/api/auth/auth', { email: account.email, pw: account.pw }))).status).toBe(200);
    expect((await login(jsonRequest('/api/auth/auth', { email: account.email, pw: password }))).status).toBe(400);

    // Again: this time the new one is used, and the old one stops working.
    const before = (await (await login(jsonRequest('/api/auth/auth', { email: account.email, pw: account.pw }))).json()).result.token;
    await remind(jsonRequest('/api/auth/remind', { email: account.email }, { lang: 'en' }));
    await remindersSettled();
    await drainOutbox(database.handle.db, channelsFromEnv(env));
    const second = /: ([A-Za-z0-9]{12})\r?\n/.exec(smtp.mails[1]!.raw)?.[1];
    expect((await login(jsonRequest('/api/auth/auth', { email: account.email, pw: second }))).status).toBe(200);
    expect((await login(jsonRequest('/api/auth/auth', { email: account.email, pw: account.pw }))).status).toBe(400);
    // Signing in with the reminded password ended the session opened before it.
    expect((await me(getRequest('/api/auth/me', bearer(before)))).status).toBe(401);
  });

  it('remind: a reminded password stops working after an hour', async () => {
    const env = setEnvForTests({ SMTP_URL: smtp.url, MAIL_FROM: 'site@example.com' });
    await registeredConfirmed();
    await remind(jsonRequest('/api/auth/remind', { email: account.email }, { lang: 'en' }));
    await remindersSettled();
    await drainOutbox(database.handle.db, channelsFromEnv(env));
    const password = /: ([A-Za-z0-9]{12})\r?\n/.exec(smtp.mails.at(-1)!.raw)?.[1];
    await database.handle.db.update(users).set({ pendingPasswordCreatedAt: sql`now() - interval '61 minutes'` });
    expect((await login(jsonRequest('/api/auth/auth', { email: account.email, pw: password }))).status).toBe(400);
  });

  it('remind: answers a known and an unknown e-mail alike, without waiting for the new password to be hashed', async () => {
    setEnvForTests({ SMTP_URL: smtp.url, MAIL_FROM: 'site@example.com' });
    await registeredConfirmed();
    // Hashing the new password (~0.5 s at the production cost) is what once told a known address
    // from an unknown one: hashes are held back now, so an answer that waited for one never comes.
    let hashes = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    watchHashesForTests(() => {
      hashes += 1;
      return held;
    });
    try {
      const known = await remind(jsonRequest('/api/auth/remind', { email: account.email }));
      const unknown = await remind(jsonRequest('/api/auth/remind', { email: 'nobody@example.com' }));
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(await known.text()).toBe(await unknown.text());
      // Both answered, and the known address's new password is being hashed, held back: after the
      // answers. The unknown one costs no hash at all.
      await vi.waitFor(() => expect(hashes).toBe(1), { timeout: 20_000 });
    } finally {
      release();
      await remindersSettled();
      watchHashesForTests();
    }
    expect(hashes).toBe(1);
  });

  // The limit per e-mail and per address: tests/api/accounts.test.ts.
  it('remind without SMTP stores the e-mail as held, with no password in it', async () => {
    await registeredConfirmed();
    for (let i = 0; i < 3; i++) expect((await remind(jsonRequest('/api/auth/remind', { email: account.email }))).status).toBe(200);
    await remindersSettled();
    const rows = await database.handle.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'email'));
    expect(rows.map((row) => row.status)).toEqual(['held', 'held', 'held']);
    // Nothing could deliver a password: none was set, and none sits in the outbox.
    for (const row of rows) expect(JSON.stringify(row.payload)).not.toMatch(/: [A-Za-z0-9]{12}\\n/);
    const [user] = await database.handle.db.select().from(users).where(eq(users.email, account.email));
    expect(user!.pendingPasswordHash).toBeNull();
  });

  it('refuses malformed input on every auth call, and honeypots', async () => {
    for (const handler of [login, register, remind]) {
      const response = await handler(jsonRequest('/api/auth/x', '{oops', { lang: 'en' }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [en.ApiErrors.invalidJson], errorsFld: {} });
    }
    const missing = await login(jsonRequest('/api/auth/auth', {}, { lang: 'en' }));
    expect((await missing.json()).errorsFld).toEqual({ email: en.Validation.required, pw: en.Validation.required });
    const bot = await register(jsonRequest('/api/auth/registration', { ...account, website: 'x' }));
    expect(bot.status).toBe(400);
    expect(await database.handle.db.select().from(users)).toHaveLength(0);
  });

  it('limits auth posts per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await remind(jsonRequest('/api/auth/remind', { email: `u${i}@example.com` }, { address: '192.0.2.99' }));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
