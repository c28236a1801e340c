import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as register } from '@/app/api/auth/registration/route';
import { POST as sendFeedback } from '@/app/api/telega/send/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { POST as sendOrder } from '@/app/[locale]/services/order-send/route';
import { GET as exportCsv } from '@/app/api/desk/export/route';
import { leads, outboxMessages, users } from '@/db/schema';
import { CONSENT_VERSION } from '@/lib/validation/consent';
import { eraseLead } from '@/server/desk/lead-erase';
import { setEnvForTests } from '@/server/env';
import { channelsFromEnv } from '@/server/outbox/config';
import { drainOutbox } from '@/server/outbox/drain';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { deskGet, signedInStaff } from '../desk/desk-support';
import { startBotApiStub, type BotApiStub } from '../support/bot-api-stub';
import { formRequest, jsonRequest } from '../support/requests';
import { startSmtpStub, type SmtpStub } from '../support/smtp-stub';
import { testDatabases, useTestDb } from '../support/test-db';

const feedback = { t: 'feedback', name: 'Анна', phone: '+79123456789', email: 'anna@example.com', note: 'Нужен EPC', department: 'seller', country_name: 'Россия', consent: true };
const buy = { t: 'btn_buy', lang: 'en', name: 'John', phone: '+442079460958', email: 'john@example.co.uk', t_client: 1, consent: true };
const order = { name: 'Пётр', phone: '+79161234567', t_client: '1', lang: 'ru', url: '/ru/epc', consent: 'on' };
const account = { email: 'c@example.com', phone: '+79123456780', pw: 'correct horse battery', pw2: 'correct horse battery', name_i: 'Олег', firm_name: 'ООО Ось', country_name: 'Россия', city_name: 'Тверь', consent: true };

const without = (fields: Record<string, string>, name: string) => Object.fromEntries(Object.entries(fields).filter(([key]) => key !== name));

/** Each endpoint that takes personal data, with a body it accepts. */
const endpoints = [
  { name: 'feedback', send: (body: object, lang: 'ru' | 'en') => sendFeedback(jsonRequest('/api/telega/send', body, { lang })), body: feedback },
  { name: 'buy/demo', send: (body: object, lang: 'ru' | 'en') => sendLead(jsonRequest('/api/telega/send-mail', body, { lang })), body: buy },
  { name: 'order (JSON)', send: (body: object, lang: 'ru' | 'en') => sendOrder(jsonRequest('/ru/services/order-send', body, { lang })), body: order },
  { name: 'registration', send: (body: object, lang: 'ru' | 'en') => register(jsonRequest('/api/auth/registration', body, { lang })), body: account },
] as const;

let bot: BotApiStub;
let smtp: SmtpStub;
beforeAll(async () => {
  bot = await startBotApiStub();
  smtp = await startSmtpStub();
});
afterAll(async () => {
  setEnvForTests();
  await bot.close();
  await smtp.close();
});

describe.each(testDatabases())('lead capture on %s', (kind) => {
  const database = useTestDb(kind);
  const env = (extra: Record<string, string> = {}) =>
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '1:abc', TELEGRAM_CHAT_ID: '77', TELEGRAM_API_BASE: bot.url, TELEGRAM_MIN_INTERVAL_MS: '0', SMTP_URL: smtp.url, MAIL_FROM: 'site@example.com', SALES_EMAIL: 'sales@example.com', ...extra });
  const db = () => database.handle.db;
  beforeEach(async () => {
    env();
    bot.setMode('ok');
    bot.messages.length = 0;
    smtp.mails.length = 0;
    await db().delete(outboxMessages);
    await db().delete(leads);
    await db().delete(users);
  });

  describe('consent to the processing of personal data', () => {
    it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))('%s: refused without it, with errorsFld.consent in the request’s language', async (_name, endpoint) => {
      for (const [lang, messages] of [['ru', ru], ['en', en]] as const) {
        for (const consent of [undefined, false, 'off', '', 0, 'yes please']) {
          const response = await endpoint.send({ ...endpoint.body, consent }, lang);
          expect(response.status, String(consent)).toBe(400);
          expect((await response.json()).errorsFld).toEqual({ consent: messages.Validation.consentRequired });
        }
      }
      expect(await db().select().from(leads)).toHaveLength(0);
      for (const consent of [true, '1', 'on', 'true']) {
        await db().delete(users);
        expect((await endpoint.send({ ...endpoint.body, consent }, 'en')).status, String(consent)).toBe(200);
      }
    });

    it('the order form posted without JavaScript and without consent goes back to its page with the error, storing nothing', async () => {
      const fields = without(order, 'consent');
      const response = await sendOrder(formRequest('/ru/services/order-send', fields));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/ru\/epc\?order=invalid&draft=[\w-]{22}#order$/);
      expect(await db().select().from(leads)).toHaveLength(0);
      expect(ru.OrderForm.invalid).toContain('согласие');
    });

    it('is recorded with each lead and account: time, text version, address, form', async () => {
      const before = Date.now();
      await sendFeedback(jsonRequest('/api/telega/send', feedback, { headers: { 'X-Forwarded-For': '198.51.100.7' } }));
      await sendOrder(formRequest('/ru/services/order-send', order));
      await register(jsonRequest('/api/auth/registration', account));
      const rows = await db().select().from(leads);
      expect(rows.map((row) => [row.kind, row.consentForm, row.consentVersion]).sort()).toEqual([
        ['feedback', 'feedbackDialog', CONSENT_VERSION],
        ['order', 'orderForm', CONSENT_VERSION],
        ['registration', 'registration', CONSENT_VERSION],
      ]);
      for (const row of rows) expect(row.consentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(rows.find((row) => row.kind === 'feedback')!.consentAddress).toBe(rows.find((row) => row.kind === 'feedback')!.clientAddress);
      const [user] = await db().select().from(users);
      expect(user).toMatchObject({ consentVersion: CONSENT_VERSION, consentForm: 'registration' });
      expect(user!.consentAt).not.toBeNull();
      expect(rows.every((row) => row.number > 0)).toBe(true);
      expect(new Set(rows.map((row) => row.number)).size).toBe(3);
    });

    it('is in the export’s «Consent» column, and erasure keeps the record and its withdrawal', async () => {
      await sendFeedback(jsonRequest('/api/telega/send', feedback));
      const [lead] = await db().select().from(leads);
      const sales = await signedInStaff(db(), 'sales@example.com', 'sales');
      const csv = async () => (await (await exportCsv(deskGet('/api/desk/export?locale=en', sales.cookie))).text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      const [header, row] = await csv();
      expect(header).toMatch(/,"Language","Country by IP","Consent","First contact \(Europe\/Moscow\)","Note"$/);
      expect(row).toMatch(new RegExp(`,"given \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d, text of ${CONSENT_VERSION}, feedback dialog","",""$`));

      expect(await eraseLead(db(), lead!.id)).toBe(true);
      const [erased] = await db().select().from(leads).where(eq(leads.id, lead!.id));
      expect(erased).toMatchObject({ name: '', phone: '', email: null, consentVersion: CONSENT_VERSION, consentForm: 'feedbackDialog', consentAddress: null });
      expect(erased!.consentAt!.getTime()).toBe(lead!.consentAt!.getTime());
      expect(erased!.consentWithdrawnAt).not.toBeNull();
      expect(JSON.stringify(erased!.payload)).not.toMatch(/Анна|anna@|79123456789|Нужен EPC/);
      const [, after] = await csv();
      expect(after).toMatch(/,"given [^"]*feedback dialog; withdrawn \d{4}-\d\d-\d\d \d\d:\d\d:\d\d","",""$/);
    });
  });

  describe('attribution', () => {
    it('a form posted without JavaScript takes its page and campaign from the Referer; what a form sends wins', async () => {
      const fields = without(order, 'url');
      await sendOrder(formRequest('/ru/services/order-send', fields, { headers: { referer: 'http://localhost:3000/ru/vag?utm_source=yandex&utm_campaign=autumn&x=1' } }));
      await sendLead(jsonRequest('/api/telega/send-mail', { ...buy, url: '/en/tis', utm_source: 'mail', referrer: 'https://news.example' }, { headers: { referer: 'http://localhost:3000/en/epc?utm_source=ignored' } }));
      const rows = await db().select().from(leads);
      expect(rows.find((row) => row.kind === 'order')!.payload).toMatchObject({ url: '/ru/vag?utm_source=yandex&utm_campaign=autumn&x=1', utm_source: 'yandex', utm_campaign: 'autumn' });
      const buyRow = rows.find((row) => row.kind === 'btn_buy')!;
      expect(buyRow.payload).toMatchObject({ url: '/en/tis', utm_source: 'mail', referrer: 'https://news.example' });
      expect(buyRow.payload).not.toHaveProperty('utm_campaign');
      await drainOutbox(db(), channelsFromEnv(env()));
      const texts = bot.messages.map((message) => message.text).join('\n');
      for (const part of ['<b>UTM source:</b> <code>yandex</code>', '<b>UTM campaign:</b> <code>autumn</code>', '<b>Страница:</b> <code>/ru/vag?utm_source=yandex', '<b>Пришёл с сайта:</b> <code>https://news.example</code>']) {
        expect(texts).toContain(part);
      }
      expect(smtp.mails.map((mail) => mail.raw).join('\n')).toContain('news.example');
    });
  });

  it('TELEGRAM_PERSONAL_DATA=omit: the chat gets kind, number, product and desk link; the e-mail the whole lead', async () => {
    env({ TELEGRAM_PERSONAL_DATA: 'omit', NEXT_PUBLIC_SITE_URL: 'https://epc.example' });
    await sendLead(jsonRequest('/api/telega/send-mail', { ...buy, name: 'Secret Name', t_client_txt: 'call me', url: '/en/epc' }));
    await drainOutbox(db(), channelsFromEnv(env({ TELEGRAM_PERSONAL_DATA: 'omit', NEXT_PUBLIC_SITE_URL: 'https://epc.example' })));
    const [lead] = await db().select().from(leads);
    const text = bot.messages[0]!.text;
    expect(text).toBe(`<b>💰 Заявка: купить №${lead!.number}</b>\n\n<b>Продукт:</b> EPC FULL\n\n<a href="https://epc.example/ru/desk/leads/${lead!.id}">Открыть в отделе продаж</a>`);
    const [mail] = await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'email'));
    for (const part of ['Secret Name', 'john@example.co.uk', 'call me']) expect(mail!.payload.text).toContain(part);
  });

  describe('no text can lose a lead', () => {
    it('a feedback name of 99 letters and an emoji, with Telegram on, is stored and delivered', async () => {
      const name = `${'я'.repeat(99)}😀`;
      const response = await sendFeedback(jsonRequest('/api/telega/send', { ...feedback, name }));
      expect(response.status).toBe(200);
      const [lead] = await db().select().from(leads);
      expect(lead!.name).toBe(name);
      expect(await drainOutbox(db(), channelsFromEnv(env()))).toBe(2);
      expect(bot.messages[0]!.text).toContain(name);
    });

    it('random Unicode in every field of every lead kind is stored or refused with 400, never a 5xx', async () => {
      const unit = fc.constantFrom('a', 'я', '😀', '\uD83D', '\uDE00', 'e\u0301', '\u05D0', '\u0627', '\u202E', '\u2067', '<', '&', ' ', '\u0000', '+', '7', '9', '@', '.');
      const text = fc.string({ unit, minLength: 1, maxLength: 120 });
      let stored = 0;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...endpoints), fc.dictionary(fc.constantFrom('name', 'note', 'country_name', 't_client_txt', 'firm_name', 'city_name', 'name_i', 'name_f', 'url', 'utm_source', 'utm_campaign', 'referrer', 'yandex_metrica_client_id', 'vin', 'email'), text), async (endpoint, fields) => {
          await db().delete(users);
          const response = await endpoint.send({ ...endpoint.body, ...fields }, 'en');
          expect([200, 400]).toContain(response.status);
          if (response.status === 200) stored += 1;
        }),
        { numRuns: 60 },
      );
      expect(stored).toBeGreaterThan(0);
      expect(await db().select().from(leads)).toHaveLength(stored);
      await drainOutbox(db(), channelsFromEnv(env()));
      for (const message of bot.messages) expect(message.text.isWellFormed()).toBe(true);
    });
  });
});
