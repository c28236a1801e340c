import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as sendFeedback } from '@/app/api/telega/send/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { POST as sendOrder } from '@/app/[locale]/services/order-send/route';
import { leadRequestKeys, leads, outboxMessages } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { dropExpiredKeys, REQUEST_KEY_DAYS } from '@/server/leads/request-keys';
import { startBotApiStub, type BotApiStub } from '../support/bot-api-stub';
import { jsonRequest } from '../support/requests';
import { testDatabases, useTestDb } from '../support/test-db';

const feedback = { t: 'feedback', name: 'Анна', phone: '+79123456789', email: 'anna@example.com', note: 'Нужен EPC', department: 'seller', country_name: 'Россия', consent: true };
const buy = { flag_check_not_business: false, t: 'btn_demo', lang: 'ru', name: 'Борис', phone: '+79161234567', email: 'boris@example.com', t_client: 1, consent: true };
const order = { name: 'Пётр', phone: '+79161234567', t_client: '1', city: '-', btn_type: 'btn_buy', lang: 'ru', url: '/ru/epc', consent: true };

const endpoints = [
  { name: 'feedback', path: '/api/telega/send', post: sendFeedback, body: feedback },
  { name: 'buy/demo', path: '/api/telega/send-mail', post: sendLead, body: buy },
  { name: 'order', path: '/ru/services/order-send', post: (request: Request) => sendOrder(request), body: order },
];

const key = (name: string) => `${name.replace(/\W/g, '')}-${'k'.repeat(20)}-${Math.random().toString(36).slice(2)}`;

let bot: BotApiStub;
beforeAll(async () => {
  bot = await startBotApiStub();
});
afterAll(async () => {
  setEnvForTests();
  await bot.close();
});

describe.each(testDatabases())('a lead send repeated with its Idempotency-Key on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ TELEGRAM_BOT_TOKEN: '123:test-token', TELEGRAM_CHAT_ID: '-100500', TELEGRAM_API_BASE: bot.url, TELEGRAM_MIN_INTERVAL_MS: '0' });
    await database.handle.db.delete(outboxMessages);
    await database.handle.db.delete(leads);
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: a repeat answers as the first did and stores nothing new`, async () => {
      const headers = { 'Idempotency-Key': key(endpoint.name) };
      const first = await endpoint.post(jsonRequest(endpoint.path, endpoint.body, { headers }));
      const repeat = await endpoint.post(jsonRequest(endpoint.path, endpoint.body, { headers }));
      expect(first.status).toBe(200);
      expect(repeat.status).toBe(first.status);
      expect(await repeat.json()).toEqual(await first.json());
      const db = database.handle.db;
      expect(await db.select().from(leads)).toHaveLength(1);
      expect(await db.select().from(outboxMessages)).toHaveLength(1);
      expect(await db.select().from(leadRequestKeys)).toHaveLength(1);
      // Another send (its own key, or none) is another lead.
      await endpoint.post(jsonRequest(endpoint.path, endpoint.body, { headers: { 'Idempotency-Key': key(endpoint.name) } }));
      await endpoint.post(jsonRequest(endpoint.path, endpoint.body));
      expect(await db.select().from(leads)).toHaveLength(3);
    });
  }

  it('two sends with one key at the same moment make one lead', async () => {
    const headers = { 'Idempotency-Key': key('race') };
    const answers = await Promise.all([0, 1, 2].map(() => sendLead(jsonRequest('/api/telega/send-mail', buy, { headers }))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await database.handle.db.select().from(leads)).toHaveLength(1);
  });

  it('a refused send stores no key: the corrected send with the same key is stored', async () => {
    const headers = { 'Idempotency-Key': key('refused') };
    const refused = await sendLead(jsonRequest('/api/telega/send-mail', { ...buy, phone: '12' }, { headers }));
    expect(refused.status).toBe(400);
    expect(await database.handle.db.select().from(leadRequestKeys)).toHaveLength(0);
    expect((await sendLead(jsonRequest('/api/telega/send-mail', buy, { headers }))).status).toBe(200);
    expect(await database.handle.db.select().from(leads)).toHaveLength(1);
  });

  it('a malformed key is no key: the lead is stored', async () => {
    for (const bad of ['short', 'x'.repeat(101), 'has spaces in it, not allowed']) {
      expect((await sendFeedback(jsonRequest('/api/telega/send', feedback, { headers: { 'Idempotency-Key': bad } }))).status).toBe(200);
    }
    expect(await database.handle.db.select().from(leads)).toHaveLength(3);
    expect(await database.handle.db.select().from(leadRequestKeys)).toHaveLength(0);
  });

  it('a key goes with its lead and is forgotten after its lifetime', async () => {
    const headers = { 'Idempotency-Key': key('lifetime') };
    await sendFeedback(jsonRequest('/api/telega/send', feedback, { headers }));
    await sendFeedback(jsonRequest('/api/telega/send', feedback, { headers: { 'Idempotency-Key': key('old') } }));
    const db = database.handle.db;
    const [lead] = await db.select().from(leads).where(sql`${leads.number} = (select min(number) from leads)`);
    const [stored] = await db.select().from(leadRequestKeys).where(sql`${leadRequestKeys.key} = ${headers['Idempotency-Key']}`);
    expect(stored!.leadId).toBe(lead!.id);
    // One key past its lifetime, one just inside it.
    await db.execute(sql`update lead_request_keys set created_at = now() - make_interval(days => ${REQUEST_KEY_DAYS}, hours => 1) where key <> ${stored!.key}`);
    await db.execute(sql`update lead_request_keys set created_at = now() - make_interval(days => ${REQUEST_KEY_DAYS}) + interval '1 hour' where key = ${stored!.key}`);
    await dropExpiredKeys(db);
    expect((await db.select().from(leadRequestKeys)).map((row) => row.key)).toEqual([stored!.key]);
    // A lead that goes takes its key with it.
    await db.execute(sql`delete from leads`);
    expect(await db.select().from(leadRequestKeys)).toHaveLength(0);
  });
});
