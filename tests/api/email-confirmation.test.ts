import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/auth/route';
import { GET as confirmGet, POST as confirmPost } from '@/app/api/auth/confirm/route';
import { POST as resend } from '@/app/api/auth/confirm/resend/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as register } from '@/app/api/auth/registration/route';
import { POST as remind } from '@/app/api/auth/remind/route';
import { emailConfirmations, outboxMessages, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { remindersSettled } from '@/server/auth/remind';
import { setLimitersForTests } from '@/server/http/rate-limit';
import { channelsFromEnv } from '@/server/outbox/config';
import { drainOutbox } from '@/server/outbox/drain';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { formRequest, getRequest, jsonRequest } from '../support/requests';
import { startSmtpStub, type SmtpStub } from '../support/smtp-stub';
import { testDatabases, useTestDb } from '../support/test-db';

const owner = {
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
/** Someone else who registers the owner's address with a password of their own. */
const stranger = { ...owner, pw: 'strangers own secret', pw2: 'strangers own secret', name_i: 'Чужой' };

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const withCookie = (cookie: string) => ({ headers: { Cookie: cookie } });

/** A mail's text as sent: its quoted-printable undone, its base64 parts (Russian copy) decoded. */
function textOf(raw: string): string {
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi)];
  const decoded = base64Parts.map((part) => Buffer.from(part[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), ...decoded].join('\n');
}
const linkToken = (raw: string) => /\/api\/auth\/confirm\?token=([A-Za-z0-9_-]{43})&/.exec(textOf(raw))?.[1];
const passwordIn = (raw: string) => /: ([A-Za-z0-9]{12})\r?\n/.exec(textOf(raw))?.[1];
/** The `name=value` of a Set-Cookie. */
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

let smtp: SmtpStub;
beforeAll(async () => {
  smtp = await startSmtpStub();
});
afterAll(async () => {
  setEnvForTests();
  await smtp.close();
});

describe.each(testDatabases())('confirmed addresses on %s', (kind) => {
  const database = useTestDb(kind);
  const env = () => setEnvForTests({ PARTNER_LOGIN_URL: '', SMTP_URL: smtp.url, MAIL_FROM: 'site@example.com', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '' });
  beforeEach(async () => {
    env();
    setLimitersForTests();
    smtp.mails.length = 0;
    await database.handle.db.delete(outboxMessages);
    await database.handle.db.delete(users);
  });

  /** Delivers what the outbox holds; the mails that arrived since `from`. */
  async function delivered(from = smtp.mails.length) {
    await remindersSettled();
    await drainOutbox(database.handle.db, channelsFromEnv(env()));
    return smtp.mails.slice(from);
  }

  async function registerAs(who: typeof owner, lang: 'ru' | 'en' = 'ru') {
    const response = await register(jsonRequest('/api/auth/registration', who, { lang }));
    return { response, body: await response.json() };
  }

  async function openLink(token: string, lang: 'ru' | 'en' = 'en') {
    const page = await confirmGet(getRequest(`/api/auth/confirm?token=${token}&lang=${lang}`));
    // The link's page only asks: a mail scanner that fetches it confirms nothing.
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`name="token" value="${token}"`);
    expect((await database.handle.db.select().from(users))[0]!.emailConfirmedAt).toBeNull();
    return confirmPost(formRequest('/api/auth/confirm', { token, lang }, { headers: { Origin: 'http://localhost:3000' } }));
  }

  it('registration works at once and mails a single-use link, stored hashed, that confirms the address', async () => {
    const { response, body } = await registerAs(owner, 'en');
    expect(response.status).toBe(200);
    const token = body.result.token as string;
    const account = await me(getRequest('/api/auth/me', bearer(token)));
    expect((await account.json()).result.user.email_confirmed).toBe(false);

    const mails = await delivered(0);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to.map((to) => to.toLowerCase())).toEqual(['owner@example.com']);
    const link = linkToken(mails[0]!.raw);
    expect(link).toBeDefined();
    // Only the SHA-256 is stored; the delivered e-mail no longer holds the link.
    const [row] = await database.handle.db.select().from(emailConfirmations);
    expect(row!.tokenHash).toBe(createHash('sha256').update(link!).digest('hex'));
    expect(JSON.stringify(await database.handle.db.select().from(outboxMessages))).not.toContain(link);

    const done = await openLink(link!);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(en.ConfirmPage.doneTitle);
    expect(cookieOf(done)).toMatch(/^login_device=v1\./);
    expect((await (await me(getRequest('/api/auth/me', bearer(token)))).json()).result.user.email_confirmed).toBe(true);

    // Once only.
    const again = await confirmPost(formRequest('/api/auth/confirm', { token: link!, lang: 'ru' }, { headers: { Origin: 'http://localhost:3000' } }));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(ru.ConfirmPage.failedTitle);
  });

  it('an expired link confirms nothing', async () => {
    await registerAs(owner);
    const link = linkToken((await delivered(0))[0]!.raw)!;
    await database.handle.db.update(emailConfirmations).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await openLink(link);
    expect(expired.status).toBe(400);
    expect(expired.headers.get('set-cookie')).toBeNull();
    expect((await database.handle.db.select().from(users))[0]!.emailConfirmedAt).toBeNull();
  });

  it('a reminder for an unconfirmed address mails its confirmation link, never a password, with the answer an unknown address gets', async () => {
    await registerAs(stranger);
    const before = (await delivered(0)).length;
    const known = await remind(jsonRequest('/api/auth/remind', { email: owner.email }, { lang: 'en' }));
    const unknown = await remind(jsonRequest('/api/auth/remind', { email: 'nobody@example.com' }, { lang: 'en' }));
    expect(known.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    const mails = await delivered(before);
    expect(mails).toHaveLength(1);
    expect(linkToken(mails[0]!.raw)).toBeDefined();
    expect(passwordIn(mails[0]!.raw)).toBeUndefined();
    const [account] = await database.handle.db.select().from(users);
    expect(account!.pendingPasswordHash).toBeNull();
  });

  it('the owner of an address a stranger registered confirms it and takes the account over', async () => {
    const { body } = await registerAs(stranger);
    const strangersSession = body.result.token as string;
    await delivered(0);
    // The owner cannot register the address again: the answer says how to get it back.
    const taken = await registerAs(owner, 'en');
    expect(taken.response.status).toBe(409);
    expect(taken.body.errorsFld.email).toBe(en.ApiErrors.emailTaken);

    // "Forgot password" brings the confirmation link; opening it gives the owner's browser the device cookie.
    await remind(jsonRequest('/api/auth/remind', { email: owner.email }, { lang: 'en' }));
    const link = linkToken((await delivered()).at(-1)!.raw)!;
    const confirmed = await openLink(link);
    expect(confirmed.status).toBe(200);
    const device = cookieOf(confirmed);

    // Now a password comes, and signing in with it ends the stranger's session and password.
    await remind(jsonRequest('/api/auth/remind', { email: owner.email }, { lang: 'en', ...withCookie(device) }));
    const password = passwordIn((await delivered()).at(-1)!.raw);
    expect(password).toBeDefined();
    expect((await login(jsonRequest('/api/auth/auth', { email: owner.email, pw: password }))).status).toBe(200);
    expect((await me(getRequest('/api/auth/me', bearer(strangersSession)))).status).toBe(401);
    expect((await login(jsonRequest('/api/auth/auth', { email: owner.email, pw: stranger.pw }))).status).toBe(400);
  });

  it("strangers' reminders do not hold back the browser that confirmed the address", async () => {
    await registerAs(owner);
    const link = linkToken((await delivered(0))[0]!.raw)!;
    const device = cookieOf(await openLink(link));
    // Strangers spend the e-mail's three reminders an hour…
    const strangers: number[] = [];
    for (let i = 0; i < 4; i++) strangers.push((await remind(jsonRequest('/api/auth/remind', { email: owner.email.toLowerCase() }))).status);
    expect(strangers).toEqual([200, 200, 200, 429]);
    // …and a forged or foreign cookie is a stranger too…
    expect((await remind(jsonRequest('/api/auth/remind', { email: owner.email }, withCookie('login_device=v1.abc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')))).status).toBe(429);
    // …but the owner's browser has its own budget, and the password reaches the owner.
    expect((await delivered()).map((mail) => Boolean(passwordIn(mail.raw)))).toEqual([true, true, true]);
    const ownReminder = await remind(jsonRequest('/api/auth/remind', { email: owner.email }, withCookie(device)));
    expect(ownReminder.status).toBe(200);
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const password = passwordIn(mails[0]!.raw);
    expect((await login(jsonRequest('/api/auth/auth', { email: owner.email, pw: password }))).status).toBe(200);
  });

  it('the partner area sends the link again while the address is unconfirmed, and not after', async () => {
    const { body } = await registerAs(owner, 'en');
    const token = body.result.token as string;
    const first = linkToken((await delivered(0))[0]!.raw)!;
    const again = await resend(jsonRequest('/api/auth/confirm/resend', {}, { lang: 'en', ...bearer(token) }));
    expect(again.status).toBe(200);
    expect((await again.json()).successStr).toBe(en.Account.resent);
    const second = linkToken((await delivered()).at(-1)!.raw)!;
    expect(second).not.toBe(first);
    expect((await openLink(second)).status).toBe(200);
    const after = await resend(jsonRequest('/api/auth/confirm/resend', {}, bearer(token)));
    expect((await after.json()).result).toEqual({ success: true, confirmed: true });
    expect(await delivered()).toHaveLength(0);
    expect((await resend(jsonRequest('/api/auth/confirm/resend', {}))).status).toBe(401);
  });
});
