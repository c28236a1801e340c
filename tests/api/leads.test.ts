import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as sendFeedback } from '@/app/api/telega/send/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { POST as sendOrder } from '@/app/[locale]/services/order-send/route';
import { leads, outboxMessages } from '@/db/schema';
import { ORDER_PAGE_FORM } from '@/lib/leads/order-page-form';
import { orderDraft } from '@/server/leads/order-drafts';
import { setEnvForTests } from '@/server/env';
import { channelsFromEnv } from '@/server/outbox/config';
import { drainOutbox } from '@/server/outbox/drain';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { startBotApiStub, type BotApiStub } from '../support/bot-api-stub';
import { formRequest, jsonRequest } from '../support/requests';
import { startSmtpStub, type SmtpStub } from '../support/smtp-stub';
import { testDatabases, useTestDb } from '../support/test-db';

const feedback = {
  yandex_metrica_client_id: '1700000000123',
  t: 'feedback',
  name: 'Иван <b>Петров</b> & Co',
  phone: '+79123456789',
  email: 'ivan@example.com',
  note: 'Нужен доступ к EPC <script>alert(1)</script>',
  department: 'seller',
  country_name: 'Россия',
  website: '',
  consent: true,
};
const buy = {
  flag_check_not_business: false,
  t: 'btn_demo',
  lang: 'en',
  name: 'John Smith',
  phone: '+442079460958',
  email: 'john@example.co.uk',
  t_client: 1,
  t_client_txt: '',
  yandex_metrica_client_id: '42',
  url: '/en/epc',
  utm_source: 'google',
  utm_campaign: 'spring',
  consent: true,
};
const order = {
  name: 'Пётр',
  phone: '+79161234567',
  t_client: '2',
  t_client_txt: 'Нужен каталог для СТО',
  city: '-',
  btn_type: 'buy',
  lang: 'ru',
  url: '/ru/epc?utm_source=ya#top',
  consent: 'on',
};

/** Text as a quoted-printable mail part carries it (every byte of a non-ASCII letter as =XX). */
const quotedPrintable = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

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

describe.each(testDatabases())('lead endpoints on %s', (kind) => {
  const database = useTestDb(kind);
  const env = () =>
    setEnvForTests({
      TELEGRAM_BOT_TOKEN: '123:test-token',
      TELEGRAM_CHAT_ID: '-100500',
      TELEGRAM_API_BASE: bot.url,
      TELEGRAM_MIN_INTERVAL_MS: '0',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'site@example.com',
      SALES_EMAIL: 'sales@example.com',
    });
  beforeEach(async () => {
    env();
    bot.setMode('ok');
    bot.messages.length = 0;
    smtp.mails.length = 0;
    await database.handle.db.delete(outboxMessages);
    await database.handle.db.delete(leads);
  });

  it('stores feedback with one outbox row per channel and delivers it escaped', async () => {
    const response = await sendFeedback(jsonRequest('/api/telega/send', feedback));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result).toEqual({ success: true });
    expect(body.successStr).toBe(ru.ApiSuccess.leadSent);

    const db = database.handle.db;
    const [lead] = await db.select().from(leads);
    expect(lead).toMatchObject({ kind: 'feedback', name: feedback.name, phone: feedback.phone, email: feedback.email });
    const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.leadId, lead!.id));
    expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'telegram']);

    expect(await drainOutbox(db, channelsFromEnv(env()))).toBe(2);
    expect(bot.messages).toHaveLength(1);
    const message = bot.messages[0]!;
    expect(message).toMatchObject({ token: '123:test-token', chat_id: '-100500', parse_mode: 'HTML' });
    expect(message.text).toContain('Иван &lt;b&gt;Петров&lt;/b&gt; &amp; Co');
    expect(message.text).toContain('&lt;script&gt;');
    expect(message.text).not.toContain('<script>');
    expect(message.text).toContain('<b>Телефон:</b> +7 912 345 67 89');
    expect(message.text).toContain('1700000000123');
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['sales@example.com']);
    const delivered = await db.select().from(outboxMessages);
    expect(delivered.every((row) => row.status === 'delivered' && row.deliveredAt)).toBe(true);
  });

  it('stores a buy/demo lead with utm, page and Metrica id in the Telegram text', async () => {
    const response = await sendLead(jsonRequest('/api/telega/send-mail', buy, { lang: 'en' }));
    expect(response.status).toBe(200);
    expect((await response.json()).successStr).toBe(en.ApiSuccess.buyDemoSent);
    await drainOutbox(database.handle.db, channelsFromEnv(env()));
    const text = bot.messages[0]!.text;
    expect(text).toContain('демо');
    expect(text).toContain('John Smith');
    expect(text).toContain('<b>UTM source:</b> <code>google</code>');
    expect(text).toContain('<b>UTM campaign:</b> <code>spring</code>');
    expect(text).toContain('/en/epc');
    expect(text).toContain('42');
  });

  it('carries the VIN checked and the TIS set priced into Telegram and the e-mail, the set priced by the server', async () => {
    const withTools = { ...buy, t: 'btn_buy', vin: 'wvwzzz1jz3w386752', tis: { brands: ['vag', 'ford'], months: 3, currency: 'RUB' } };
    const response = await sendLead(jsonRequest('/api/telega/send-mail', withTools, { lang: 'en' }));
    expect(response.status).toBe(200);
    const [lead] = await database.handle.db.select().from(leads);
    expect(lead!.payload).toMatchObject({ vin: 'WVWZZZ1JZ3W386752', tis: { brands: ['vag', 'ford'], months: 3, currency: 'RUB' } });
    await drainOutbox(database.handle.db, channelsFromEnv(env()));
    const text = bot.messages[0]!.text;
    expect(text).toContain('<b>VIN:</b> <code>WVWZZZ1JZ3W386752</code>');
    // (19 000 + 1 500) × 3 from the price list, whatever the browser believed.
    expect(text).toMatch(/<b>Набор TIS:<\/b> VAG \(Volkswagen, Audi, Škoda, SEAT\), Ford · 3 месяца · 61\s500\s₽/);
    expect(smtp.mails[0]!.raw).toContain('WVWZZZ1JZ3W386752');
  });

  it('refuses a VIN the VIN API would refuse and a TIS set off the price list, in both languages', async () => {
    for (const lang of ['ru', 'en'] as const) {
      const messages = lang === 'ru' ? ru : en;
      const response = await sendLead(jsonRequest('/api/telega/send-mail', { ...buy, vin: '1M8GDM9A5KP042788', tis: { brands: ['tesla'], months: 3, currency: 'RUB' } }, { lang }));
      expect(response.status).toBe(400);
      expect((await response.json()).errorsFld).toEqual({ vin: messages.Validation.invalidVin, tis: messages.Validation.invalidChoice });
    }
    expect(await database.handle.db.select().from(leads)).toHaveLength(0);
  });

  it('keeps the product the dialog carried in the payload and names it in Telegram and the e-mail', async () => {
    const response = await sendLead(jsonRequest('/api/telega/send-mail', { ...buy, url: '/en', product: 'spec' }, { lang: 'en' }));
    expect(response.status).toBe(200);
    const [lead] = await database.handle.db.select().from(leads);
    expect(lead!.payload).toMatchObject({ product: 'spec' });
    await drainOutbox(database.handle.db, channelsFromEnv(env()));
    expect(bot.messages[0]!.text).toContain('<b>Продукт:</b> Спецтехника');
    // The e-mail's parts are quoted-printable: «Спецтехника» in its UTF-8 bytes.
    expect(smtp.mails[0]!.raw.replace(/=\r?\n/g, '')).toContain(quotedPrintable('Спецтехника'));
  });

  it('refuses a product off the catalogue as a field error, in both languages, and stores nothing', async () => {
    for (const lang of ['ru', 'en'] as const) {
      const messages = lang === 'ru' ? ru : en;
      for (const [send, path, body] of [
        [sendLead, '/api/telega/send-mail', { ...buy, product: 'truck' }],
        [sendOrder, `/${lang}/services/order-send`, { ...order, product: 'truck' }],
      ] as const) {
        const response = await send(jsonRequest(path, body, { lang, headers: { Accept: 'application/json' } }));
        expect(response.status, path).toBe(400);
        expect((await response.json()).errorsFld, path).toEqual({ product: messages.Validation.unknownProduct });
      }
    }
    expect(await database.handle.db.select().from(leads)).toHaveLength(0);
  });

  it('refuses invalid fields with errors and errorsFld in the language of Accept-Language', async () => {
    for (const lang of ['ru', 'en'] as const) {
      const messages = lang === 'ru' ? ru : en;
      const response = await sendLead(
        jsonRequest('/api/telega/send-mail', { ...buy, email: 'not-an-email', phone: '12345', name: '', t: 'other', t_client: 7 }, { lang }),
      );
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errors[0]).toBe(messages.ApiErrors.invalidInput);
      expect(body.errorsFld).toEqual({
        email: messages.Validation.invalidEmail,
        phone: messages.Validation.invalidPhone,
        name: messages.Validation.required,
        t: messages.Validation.invalidChoice,
        t_client: messages.Validation.invalidChoice,
      });
    }
    expect(await database.handle.db.select().from(leads)).toHaveLength(0);
  });

  it('refuses missing fields and wrong types, and ignores unknown fields', async () => {
    const missing = await sendFeedback(jsonRequest('/api/telega/send', { t: 'feedback' }, { lang: 'en' }));
    expect(missing.status).toBe(400);
    const body = await missing.json();
    for (const field of ['name', 'phone', 'email', 'note', 'department', 'country_name']) {
      expect(body.errorsFld[field]).toBe(en.Validation.required);
    }
    const wrongTypes = await sendFeedback(jsonRequest('/api/telega/send', { ...feedback, name: 42, note: ['x'] }, { lang: 'en' }));
    expect(wrongTypes.status).toBe(400);
    expect((await wrongTypes.json()).errorsFld).toEqual({ name: en.Validation.invalidValue, note: en.Validation.invalidValue });
    const extra = await sendFeedback(jsonRequest('/api/telega/send', { ...feedback, is_admin: true, __proto__x: 1 }));
    expect(extra.status).toBe(200);
    const [lead] = await database.handle.db.select().from(leads);
    expect(lead!.payload).not.toHaveProperty('is_admin');
  });

  it('answers malformed JSON with 400 and a huge body with 413, in the error format', async () => {
    for (const payload of ['{"name": ', '[1,2]', 'null', '']) {
      const response = await sendFeedback(jsonRequest('/api/telega/send', payload, { lang: 'en' }));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ errors: [en.ApiErrors.invalidJson], errorsFld: {} });
    }
    const huge = await sendFeedback(jsonRequest('/api/telega/send', { ...feedback, note: 'x'.repeat(70_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ errors: [ru.ApiErrors.tooLarge], errorsFld: {} });
    // Without a Content-Length: the stream is cut at the cap.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(8192)));
        controller.close();
      },
    });
    const chunked = new Request('http://localhost:3000/api/telega/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.1' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect((await sendFeedback(chunked)).status).toBe(413);
  });

  it('answers a filled honeypot as a success and stores nothing', async () => {
    const response = await sendLead(jsonRequest('/api/telega/send-mail', { ...buy, website: 'http://spam.example' }));
    expect(response.status).toBe(200);
    expect((await response.json()).result).toEqual({ success: true });
    expect(await database.handle.db.select().from(leads)).toHaveLength(0);
    expect(await database.handle.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it('refuses cross-origin posts with 403', async () => {
    const foreign = await sendFeedback(jsonRequest('/api/telega/send', feedback, { headers: { Origin: 'https://evil.example' }, lang: 'en' }));
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).errors).toEqual([en.ApiErrors.crossOrigin]);
    const fetchSite = await sendFeedback(jsonRequest('/api/telega/send', feedback, { headers: { 'Sec-Fetch-Site': 'cross-site' } }));
    expect(fetchSite.status).toBe(403);
    const same = await sendFeedback(jsonRequest('/api/telega/send', feedback, { headers: { Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'same-origin' } }));
    expect(same.status).toBe(200);
  });

  it('limits lead posts per client address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await sendLead(jsonRequest('/api/telega/send-mail', buy, { address: '192.0.2.77', lang: 'en' }));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await response.json()).toEqual({ errors: [en.ApiErrors.rateLimited], errorsFld: {} });
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    const other = await sendLead(jsonRequest('/api/telega/send-mail', buy, { address: '192.0.2.78' }));
    expect(other.status).toBe(200);
  });

  it('counts an IPv6 client by its /64: fresh addresses from one subscriber share one budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await sendLead(jsonRequest('/api/telega/send-mail', buy, { address: `2001:db8:77:1:${(i + 1).toString(16)}::${i}` }))).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    expect((await sendLead(jsonRequest('/api/telega/send-mail', buy, { address: '2001:db8:77:2::1' }))).status).toBe(200);
  });

  it('stores and logs leads when no channel is configured', async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '', TELEGRAM_CHAT_ID: '', SMTP_URL: '', SALES_EMAIL: '' });
    const response = await sendFeedback(jsonRequest('/api/telega/send', feedback));
    expect(response.status).toBe(200);
    expect(await database.handle.db.select().from(leads)).toHaveLength(1);
    expect(await database.handle.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it('stores a lead and its outbox rows together or not at all (503 when the queue refuses)', async () => {
    const db = database.handle.db;
    await db.execute(sql`create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'queue refused'; end $$`);
    await db.execute(sql`create trigger refuse_outbox before insert on outbox_messages for each row execute function refuse_outbox()`);
    try {
      const response = await sendFeedback(jsonRequest('/api/telega/send', feedback, { lang: 'en' }));
      expect(response.status).toBe(503);
      expect((await response.json()).errorsFld).toEqual({});
      expect(await db.select().from(leads)).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger refuse_outbox on outbox_messages`);
      await db.execute(sql`drop function refuse_outbox()`);
    }
    expect((await sendFeedback(jsonRequest('/api/telega/send', feedback))).status).toBe(200);
    expect(await db.select().from(leads)).toHaveLength(1);
    expect(await db.select().from(outboxMessages)).toHaveLength(2);
  });

  describe('order form post', () => {
    const path = '/ru/services/order-send';
    it('answers a 503 page with the way back, not ?order=invalid, when the lead cannot be kept', async () => {
      const db = database.handle.db;
      await db.execute(sql`create function refuse_lead() returns trigger language plpgsql as $$ begin raise exception 'database refused'; end $$`);
      await db.execute(sql`create trigger refuse_lead before insert on leads for each row execute function refuse_lead()`);
      try {
        const response = await sendOrder(formRequest(path, { ...order, website: '' }));
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('30');
        const html = await response.text();
        expect(html).toContain('Сервис временно недоступен');
        expect(html).toContain('href="/ru/epc?utm_source=ya#top"');
        expect(await db.select().from(leads)).toHaveLength(0);
      } finally {
        await db.execute(sql`drop trigger refuse_lead on leads`);
        await db.execute(sql`drop function refuse_lead()`);
      }
    });
    it('answers 303 back to its page with order=sent and stores the lead', async () => {
      const response = await sendOrder(formRequest(path, { ...order, product: 'epc', website: '' }));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/ru/epc?utm_source=ya&order=sent#order');
      const [lead] = await database.handle.db.select().from(leads);
      expect(lead).toMatchObject({ kind: 'order', name: 'Пётр', lang: 'ru', payload: { product: 'epc' } });
      await drainOutbox(database.handle.db, channelsFromEnv(env()));
      expect(bot.messages[0]!.text).toContain('<b>Продукт:</b> EPC FULL');
      expect(bot.messages[0]!.text).toContain('<b>Клиент:</b> Частное лицо');
      expect(bot.messages[0]!.text).toContain('Нужен каталог для СТО');
    });

    it('carries the VIN and the TIS set of the tools’ answers without JavaScript', async () => {
      const fields = { ...order, url: '/ru/vehicle?vin=XTA21214011580133', vin: 'XTA21214011580133', tis: 'brands=lada&months=12&currency=EUR' };
      const response = await sendOrder(formRequest(path, fields));
      expect(response.headers.get('location')).toBe('/ru/vehicle?vin=XTA21214011580133&order=sent#order');
      const [lead] = await database.handle.db.select().from(leads);
      expect(lead!.payload).toMatchObject({ vin: 'XTA21214011580133', tis: { brands: ['lada'], months: 12, currency: 'EUR' } });
      await drainOutbox(database.handle.db, channelsFromEnv(env()));
      expect(bot.messages[0]!.text).toContain('<b>VIN:</b> <code>XTA21214011580133</code>');
      expect(bot.messages[0]!.text).toMatch(/<b>Набор TIS:<\/b> Lada · 12 месяцев · 240\s€/);
      const refused = await sendOrder(formRequest(path, { ...fields, vin: 'XTA2121401158013' }));
      expect(refused.headers.get('location')).toMatch(/^\/ru\/vehicle\?vin=XTA21214011580133&order=invalid&draft=[\w-]{22}#order$/);
    });

    it('returns only to same-origin paths, else to the index of its language', async () => {
      for (const url of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) {
        const response = await sendOrder(formRequest(path, { ...order, url, lang: 'en' }));
        expect(response.status).toBe(303);
        expect(response.headers.get('location')).toBe('/en?order=sent#order');
      }
    });

    it('answers order=invalid for a refused form post, keeps what was typed for the form, and stores nothing', async () => {
      const response = await sendOrder(formRequest(path, { ...order, phone: '123' }));
      expect(response.status).toBe(303);
      const location = response.headers.get('location')!;
      expect(location).toMatch(/^\/ru\/epc\?utm_source=ya&order=invalid&draft=[\w-]{22}#order$/);
      // No personal data in the address: only the draft's random id.
      expect(location).not.toContain('123');
      expect(location).not.toContain(encodeURIComponent('Пётр'));
      const draft = orderDraft(new URL(location, 'http://x').searchParams.get('draft'), '/ru/epc');
      expect(draft?.values).toEqual({ name: 'Пётр', phone: '123', t_client: '2', t_client_txt: 'Нужен каталог для СТО', consent: 'on' });
      // In the form's language, whatever the browser's.
      expect(draft!.errors).toEqual({ phone: ru.Validation.invalidPhone });
      const english = await sendOrder(formRequest(path, { ...order, phone: '123', lang: 'en', url: '/en/epc' }, { headers: { 'Accept-Language': 'ru' } }));
      const id = new URL(english.headers.get('location')!, 'http://x').searchParams.get('draft');
      expect(orderDraft(id, '/en/epc')!.errors).toEqual({ phone: en.Validation.invalidPhone });
      expect(await database.handle.db.select().from(leads)).toHaveLength(0);
    });

    it('records the page’s form as the consent’s form when it sends JSON with scripts', async () => {
      await sendOrder(jsonRequest(path, { ...order, [ORDER_PAGE_FORM.name]: ORDER_PAGE_FORM.value }));
      await sendOrder(jsonRequest(path, order));
      const forms = (await database.handle.db.select().from(leads)).map((lead) => lead.consentForm).sort();
      expect(forms).toEqual(['orderDialog', 'orderForm']);
    });

    it('quietly drops a filled honeypot', async () => {
      const response = await sendOrder(formRequest(path, { ...order, website: 'spam' }));
      expect(response.headers.get('location')).toBe('/ru/epc?utm_source=ya&order=sent#order');
      expect(await database.handle.db.select().from(leads)).toHaveLength(0);
    });

    it('refuses a cross-origin form post with 403', async () => {
      const response = await sendOrder(formRequest(path, order, { headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } }));
      expect(response.status).toBe(403);
      expect(await database.handle.db.select().from(leads)).toHaveLength(0);
    });

    it('answers JSON to the modal with JavaScript', async () => {
      const ok = await sendOrder(jsonRequest(path, order, { headers: { Accept: 'application/json' } }));
      expect(ok.status).toBe(200);
      expect((await ok.json()).result).toEqual({ success: true });
      const bad = await sendOrder(jsonRequest(path, { ...order, t_client: '9', name: ' ' }, { lang: 'en', headers: { Accept: 'application/json' } }));
      expect(bad.status).toBe(400);
      expect((await bad.json()).errorsFld).toEqual({ t_client: en.Validation.invalidChoice, name: en.Validation.required });
    });
  });
});
