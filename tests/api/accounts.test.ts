import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/auth/route';
import { POST as register } from '@/app/api/auth/registration/route';
import { POST as remind } from '@/app/api/auth/remind/route';
import { outboxMessages, users } from '@/db/schema';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from '@/server/auth/common-passwords';
import { watchHashesForTests } from '@/server/auth/passwords';
import { setEnvForTests } from '@/server/env';
import en from '../../messages/en.json';
import { jsonRequest } from '../support/requests';
import { useTestDb } from '../support/test-db';

const account = {
  email: 'holder@example.com',
  phone: '+79123456789',
  pw: 'a rather unusual passphrase',
  pw2: 'a rather unusual passphrase',
  name_i: 'Иван',
  firm_name: 'Firm',
  country_name: 'Россия',
  city_name: 'Казань',
  consent: true,
};

describe('accounts', () => {
  const database = useTestDb('pglite');
  beforeEach(async () => {
    setEnvForTests({ SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', PARTNER_LOGIN_URL: '' });
    await database.handle.db.delete(outboxMessages);
    await database.handle.db.delete(users);
  });
  afterAll(() => {
    setEnvForTests();
    watchHashesForTests();
  });

  it('ships a list of about a thousand common passwords, compared in lowercase', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(1000);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword(account.pw)).toBe(false);
  });

  it.each(['monkey123', 'Summer2024', 'SUPERMAN123', 'iloveyou1', 'gfhjkm123'])(
    'refuses the common password %s under errorsFld.pw',
    async (pw) => {
      const response = await register(jsonRequest('/api/auth/registration', { ...account, pw, pw2: pw }, { lang: 'en' }));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errorsFld).toEqual({ pw: en.Validation.passwordCommon });
      expect(body.errors).toContain(en.Validation.passwordCommon);
      expect(await database.handle.db.select().from(users)).toHaveLength(0);
    },
  );

  it('keeps passwords between 8 and 128 characters', async () => {
    const short = await register(jsonRequest('/api/auth/registration', { ...account, pw: 'Zx9!kq2', pw2: 'Zx9!kq2' }, { lang: 'en' }));
    expect(short.status).toBe(400);
    expect((await short.json()).errorsFld.pw).toBe(en.Validation.passwordTooShort);
    const longPw = 'Zx9!kq2#'.repeat(16) + 'y';
    const long = await register(jsonRequest('/api/auth/registration', { ...account, pw: longPw, pw2: longPw }, { lang: 'en' }));
    expect(long.status).toBe(400);
    expect((await long.json()).errorsFld.pw).toBe(en.Validation.passwordTooLong);
  });

  it('answers an unknown e-mail and a wrong password alike, each at the cost of one hash', async () => {
    const hashes: unknown[] = [];
    watchHashesForTests((cost) => void hashes.push(cost));
    expect((await register(jsonRequest('/api/auth/registration', account))).status).toBe(200);
    const [stored] = hashes.splice(0);
    const attempt = async (email: string) => {
      const response = await login(jsonRequest('/api/auth/auth', { email, pw: 'not the password' }, { lang: 'en' }));
      return { status: response.status, body: await response.text(), hashes: hashes.splice(0) };
    };
    // The dummy hash an unknown e-mail is checked against is made on first use.
    await attempt('warm-up@example.com');
    const unknown: Awaited<ReturnType<typeof attempt>>[] = [];
    const wrong: Awaited<ReturnType<typeof attempt>>[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await attempt(`nobody${i}@example.com`));
      wrong.push(await attempt(account.email));
    }
    // The same answer after the same work: one scrypt at the cost the account's password was
    // stored with (that hash is what an answer's time is made of).
    expect(stored).toBeDefined();
    for (const result of [...unknown, ...wrong]) {
      expect(result.status).toBe(400);
      expect(result.body).toBe(unknown[0]!.body);
      expect(result.hashes).toEqual([stored]);
    }
  });

  it('limits reminders per e-mail in any case of it, whatever the address', async () => {
    const statuses: number[] = [];
    const spellings = ['Someone@Example.com', 'someone@example.com', 'SOMEONE@EXAMPLE.COM', 'someone@Example.com'];
    for (const email of spellings) statuses.push((await remind(jsonRequest('/api/auth/remind', { email }))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another e-mail is not affected.
    expect((await remind(jsonRequest('/api/auth/remind', { email: 'other@example.com' }))).status).toBe(200);
  });

  it('limits reminders per address, whatever the e-mail', async () => {
    const address = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await remind(jsonRequest('/api/auth/remind', { email: `r${i}@example.com` }, { address }))).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const last = await remind(jsonRequest('/api/auth/remind', { email: 'fresh@example.com' }, { address, lang: 'en' }));
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await last.json()).errors[0]).toBe(en.ApiErrors.rateLimited);
  });
});
