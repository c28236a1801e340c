import { randomBytes } from 'node:crypto';
// The stand-ins' records are JSON as the channels sent it: read loosely, checked by value.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as sendOrder } from '@/app/[locale]/services/order-send/route';
import { GET as health } from '@/app/api/health/route';
import { POST as sendFeedback } from '@/app/api/telega/send/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { leads, outboxMessages, staff } from '@/db/schema';
import { CONSENT_VERSION } from '@/lib/validation/consent';
import { eraseLead } from '@/server/desk/lead-erase';
import { retryLeadDelivery } from '@/server/desk/lead-work';
import { deliveriesOf } from '@/server/desk/lead-list';
import { getEnv, setEnvForTests } from '@/server/env';
import { channelsFromEnv } from '@/server/outbox/config';
import { drainOutbox } from '@/server/outbox/drain';
import { parseSettings } from '@/settings/settings.mjs';
import { startAmoCrmStub, type AmoCrmStub } from '../support/amocrm-stub';
import { startBitrix24Stub, type Bitrix24Stub } from '../support/bitrix24-stub';
import { jsonRequest } from '../support/requests';
import { testDatabases, useTestDb } from '../support/test-db';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const campaign = { url: '/ru/epc?x=1', utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'autumn', utm_content: 'banner-2', utm_term: 'epc каталог', referrer: 'https://news.example' };
const feedback = {
  t: 'feedback',
  name: 'Иван Петров',
  phone: '+79123456789',
  email: 'ivan@example.com',
  note: 'Нужен доступ к EPC <b>сегодня</b>',
  department: 'support',
  country_name: 'Казахстан',
  yandex_metrica_client_id: '1700000000123',
  consent: true,
  ...campaign,
};
const buy = {
  t: 'btn_buy',
  lang: 'en',
  name: 'John Smith',
  phone: '+442079460958',
  email: 'john@example.co.uk',
  t_client: '3',
  t_client_txt: 'Need a part for a Golf',
  flag_check_not_business: true,
  vin: 'WVWZZZ1JZ3W386752',
  tis: { brands: ['vag', 'ford'], months: 3, currency: 'RUB' },
  consent: true,
  ...campaign,
};
const demo = { ...buy, t: 'btn_demo', lang: 'ru', name: 'Анна', email: 'anna@example.ru', phone: '+79161112233' };
const order = { name: 'Пётр', phone: '+79161234567', t_client: '1', t_client_txt: 'Каталог для СТО', city: '-', btn_type: 'buy', lang: 'ru', vin: 'WVWZZZ1JZ3W386752', consent: 'on', ...campaign };

let bitrix: Bitrix24Stub;
let amo: AmoCrmStub;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [bitrix, amo, receiver] = await Promise.all([startBitrix24Stub(), startAmoCrmStub(), startWebhookReceiver(SECRET)]);
});
afterAll(async () => {
  setEnvForTests();
  await Promise.all([bitrix.close(), amo.close(), receiver.close()]);
});

/** The three channels on, against the stand-ins; Telegram and e-mail off. */
function crmSettings(extra: Record<string, string> = {}) {
  return setEnvForTests({
    TELEGRAM_BOT_TOKEN: '',
    TELEGRAM_CHAT_ID: '',
    SMTP_URL: '',
    SALES_EMAIL: '',
    NEXT_PUBLIC_SITE_URL: 'https://epc.example',
    NEXT_PUBLIC_SITE_NAME: 'EpcSu',
    BITRIX24_WEBHOOK_URL: bitrix.webhookUrl,
    AMOCRM_BASE_URL: amo.baseUrl,
    AMOCRM_TOKEN: amo.token,
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: SECRET,
    CRM_TIMEOUT_MS: '5000',
    ...extra,
  });
}

describe.each(testDatabases())('CRM channels on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const channels = () => channelsFromEnv(getEnv());
  const rows = (channel?: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(channel ? eq(outboxMessages.channel, channel) : undefined)
      .orderBy(outboxMessages.id);
  const makeDue = () => db().update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
  const post = async (handler: (request: Request) => Promise<Response>, path: string, body: unknown) => {
    const response = await handler(jsonRequest(path, body, { headers: { accept: 'application/json' } }));
    expect(response.status).toBe(200);
  };
  const lastLead = async () => (await db().select().from(leads).orderBy(sql`${leads.number} desc`).limit(1))[0]!;

  beforeEach(async () => {
    bitrix.reset();
    amo.reset();
    receiver.reset();
    crmSettings();
    await db().delete(outboxMessages);
    await db().delete(leads);
  });

  it('queues each lead for the three channels in its own statement, the row naming the lead only', async () => {
    await post(sendFeedback, '/api/telega/send', feedback);
    const lead = await lastLead();
    const queued = await rows();
    expect(queued.map((row) => row.channel).sort()).toEqual(['amocrm', 'bitrix24', 'webhook']);
    for (const row of queued) expect(row.payload).toEqual({ kind: 'feedback', number: lead.number });
  });

  it('delivers a lead of every kind to each stand-in once, every field mapped', async () => {
    await post(sendFeedback, '/api/telega/send', feedback);
    await post(sendLead, '/api/telega/send-mail', buy);
    await post(sendLead, '/api/telega/send-mail', demo);
    await post(sendOrder, '/ru/services/order-send', order);
    expect(await drainOutbox(db(), channels(), 20)).toBe(12);
    const state = await rows();
    expect(state.filter((row) => row.status !== 'delivered').map((row) => [row.channel, row.lastError])).toEqual([]);
    const stored = await db().select().from(leads).orderBy(leads.number);
    expect(stored.map((lead) => lead.kind)).toEqual(['feedback', 'btn_buy', 'btn_demo', 'order']);

    // Bitrix24: one lead each, found again by ORIGINATOR_ID + ORIGIN_ID.
    expect(bitrix.leads.map((lead) => lead.fields.ORIGIN_ID)).toEqual(stored.map((lead) => String(lead.number)));
    const [bFeedback, bBuy, , bOrder] = bitrix.leads.map((lead) => lead.fields);
    expect(bFeedback).toMatchObject({
      TITLE: `EpcSu №${stored[0]!.number} · Обратная связь`,
      NAME: 'Иван Петров',
      PHONE: [{ VALUE: '+79123456789', VALUE_TYPE: 'WORK' }],
      EMAIL: [{ VALUE: 'ivan@example.com', VALUE_TYPE: 'WORK' }],
      ADDRESS_COUNTRY: 'Казахстан',
      SOURCE_ID: 'WEB',
      ORIGINATOR_ID: 'epc.example',
      UTM_SOURCE: 'yandex',
      UTM_MEDIUM: 'cpc',
      UTM_CAMPAIGN: 'autumn',
      UTM_CONTENT: 'banner-2',
      UTM_TERM: 'epc каталог',
      OPENED: 'Y',
    });
    expect(bFeedback!.SOURCE_DESCRIPTION).toBe('EpcSu https://epc.example/ru/epc?x=1 ← https://news.example');
    const comments = String(bFeedback!.COMMENTS);
    for (const text of ['Отдел: Техподдержка', 'Страна: Казахстан', 'UTM term: epc каталог', 'Пришёл с сайта: https://news.example', 'Нужен доступ к EPC &lt;b&gt;сегодня&lt;/b&gt;', 'Язык: ru', `текст от ${CONSENT_VERSION}`, 'форма обратной связи', 'Metrica ID: 1700000000123', `/ru/desk/leads/${stored[0]!.id}`]) {
      expect(comments).toContain(text);
    }
    const buyComments = String(bBuy!.COMMENTS);
    for (const text of ['WVWZZZ1JZ3W386752', 'VAG', 'Need a part for a Golf', 'Язык: en', 'окно «Купить» / «Демо»']) expect(buyComments).toContain(text);
    expect(bOrder).toMatchObject({ NAME: 'Пётр', PHONE: [{ VALUE: '+79161234567', VALUE_TYPE: 'WORK' }] });
    expect(bOrder).not.toHaveProperty('EMAIL');
    expect(bOrder).not.toHaveProperty('ADDRESS_CITY');
    expect(String(bOrder!.COMMENTS)).toContain('Кнопка: ');

    // amoCRM: incoming leads, request_id = our number, the kind as a tag, contact by field codes, the fields in a note.
    expect(amo.leads.map((lead) => lead.via)).toEqual(['unsorted', 'unsorted', 'unsorted', 'unsorted']);
    const incoming = amo.leads[1]!.request as Record<string, any>;
    expect(incoming).toMatchObject({
      request_id: String(stored[1]!.number),
      source_name: 'EpcSu',
      metadata: { form_id: 'btn_buy', form_page: 'https://epc.example/ru/epc?x=1', referer: 'https://news.example', ip: stored[1]!.clientAddress },
    });
    expect(incoming._embedded.leads[0]._embedded.tags).toEqual([{ name: 'btn_buy' }]);
    expect(incoming._embedded.leads[0].custom_fields_values).toContainEqual({ field_code: 'UTM_SOURCE', values: [{ value: 'yandex' }] });
    expect(incoming._embedded.contacts[0]).toEqual({
      name: 'John Smith',
      custom_fields_values: [
        { field_code: 'PHONE', values: [{ value: '+442079460958', enum_code: 'WORK' }] },
        { field_code: 'EMAIL', values: [{ value: 'john@example.co.uk', enum_code: 'WORK' }] },
      ],
    });
    expect(amo.notes).toHaveLength(4);
    expect(amo.notes[1]!.text).toContain('Need a part for a Golf');
    expect(amo.notes[1]!.text).toContain('WVWZZZ1JZ3W386752');

    // The webhook: every field of the stored form, the consent record, a valid signature.
    expect(receiver.rejected).toBe(0);
    expect(receiver.deliveries.map((delivery) => delivery.id)).toEqual(stored.map((lead) => `lead_${lead.id}`));
    const hook = receiver.deliveries[1]!.body as { type: string; data: Record<string, any> };
    expect(hook.type).toBe('lead.created');
    expect(hook.data).toMatchObject({ id: stored[1]!.id, number: stored[1]!.number, kind: 'btn_buy', lang: 'en', site: 'EpcSu' });
    expect(hook.data.fields).toMatchObject({ ...buy, t_client: '3', consent: true });
    expect(hook.data.consent).toMatchObject({ version: CONSENT_VERSION, form: 'leadDialog', withdrawnAt: null });
    expect(new Date(hook.data.createdAt).getTime()).toBe(stored[1]!.createdAt.getTime());

    // The desk: each CRM delivery links to its record.
    const deliveries = (await deliveriesOf(db(), [stored[0]!.id])).get(stored[0]!.id)!;
    expect(Object.fromEntries(deliveries.map((delivery) => [delivery.channel, delivery.externalUrl]))).toEqual({
      amocrm: `${amo.baseUrl}/leads/detail/${amo.leads[0]!.id}`,
      bitrix24: `${new URL(bitrix.webhookUrl).origin}/crm/lead/details/${bitrix.leads[0]!.ID}/`,
      webhook: null,
    });
  });

  it('goes straight into the amoCRM pipeline with its contact and company when AMOCRM_PIPELINE_ID is set', async () => {
    crmSettings({ AMOCRM_PIPELINE_ID: '7788' });
    await post(sendFeedback, '/api/telega/send', feedback);
    await drainOutbox(db(), channels());
    expect(amo.leads).toHaveLength(1);
    const complex = amo.leads[0]!.request as Record<string, any>;
    expect(amo.leads[0]!.via).toBe('complex');
    expect(complex).toMatchObject({ pipeline_id: 7788, name: expect.stringMatching(/^EpcSu №\d+ · Обратная связь$/) });
    expect(complex._embedded.tags).toEqual([{ name: 'feedback' }]);
    expect(complex._embedded.contacts[0].name).toBe('Иван Петров');
  });

  it('links the Bitrix24 lead to the contact with its phone when BITRIX24_DUPLICATES=link', async () => {
    crmSettings({ BITRIX24_DUPLICATES: 'link' });
    const contact = bitrix.addContact({ phone: '+79123456789' });
    await post(sendFeedback, '/api/telega/send', feedback);
    await drainOutbox(db(), channels());
    expect(bitrix.leads[0]!.fields.CONTACT_ID).toBe(contact);
    expect(bitrix.calls.map((call) => call.method)).toEqual(['crm.lead.list', 'crm.duplicate.findbycomm', 'crm.lead.add']);
  });

  it('never adds a lead twice when the answer to the add was lost (the commit did not happen)', async () => {
    await post(sendFeedback, '/api/telega/send', feedback);
    const lead = await lastLead();
    // The stand-ins keep the lead and answer 500/502: to us the add failed, as after a crash between their answer and our commit.
    bitrix.setMode('swallow-add');
    amo.setMode('swallow-add');
    receiver.setMode('swallow');
    await drainOutbox(db(), channels());
    expect((await rows()).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    expect(bitrix.leads).toHaveLength(1);
    expect(amo.leads).toHaveLength(1);

    bitrix.setMode('ok');
    amo.setMode('ok');
    receiver.setMode('ok');
    await makeDue();
    await drainOutbox(db(), channels());
    expect((await rows()).map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(bitrix.leads).toHaveLength(1);
    expect(amo.leads).toHaveLength(1);
    // The lead found again still got its note; the webhook's repeat carries the same id, for the receiver to drop.
    expect(amo.notes).toHaveLength(1);
    expect(receiver.deliveries.map((delivery) => delivery.id)).toEqual([`lead_${lead.id}`, `lead_${lead.id}`]);

    // The same row sent again by hand (a second worker after a lost commit): the lookup finds the lead.
    const context = { db: db(), outboxId: 1, leadId: lead.id };
    const again = channels();
    const [b, a] = await Promise.all([again.bitrix24!.send({}, context), again.amocrm!.send({}, context)]);
    expect(b).toEqual({ externalUrl: expect.stringContaining(`/crm/lead/details/${bitrix.leads[0]!.ID}/`) });
    expect(a).toEqual({ externalUrl: `${amo.baseUrl}/leads/detail/${amo.leads[0]!.id}` });
    expect(bitrix.leads).toHaveLength(1);
    expect(amo.leads).toHaveLength(1);
    expect(amo.notes).toHaveLength(1);
  });

  it.each([
    ['fail', /500 INTERNAL_SERVER_ERROR/],
    ['unauthorized', /refused \(401 INVALID_CREDENTIALS/],
    ['forbidden', /403 insufficient_scope/],
    ['hang', /no answer within 400 ms/],
    ['malformed', /200/],
  ] as const)('Bitrix24 %s only delays the lead, the key never shown', async (mode, error) => {
    await post(sendFeedback, '/api/telega/send', feedback);
    if (mode === 'hang') crmSettings({ CRM_TIMEOUT_MS: '400' });
    bitrix.setMode(mode);
    await drainOutbox(db(), channels());
    const [row] = await rows('bitrix24');
    expect(row!.status).toBe('pending');
    expect(row!.lastError).toMatch(error);
    expect(row!.lastError).not.toContain(bitrix.key);
    expect(row!.lastError).not.toContain('/rest/1/');
    const wait = row!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThan(2500);
    // The other channels went on (under a 400 ms limit on a busy machine they may need a second go).
    if (mode !== 'hang') expect((await rows()).filter((other) => other.channel !== 'bitrix24').map((other) => other.status)).toEqual(['delivered', 'delivered']);
    crmSettings();
    bitrix.setMode('ok');
    await makeDue();
    await drainOutbox(db(), channels());
    expect((await rows('bitrix24'))[0]!.status).toBe('delivered');
    expect(bitrix.leads).toHaveLength(1);
  });

  it.each(['rate-limit', 'rate-limit-200'] as const)("waits out Bitrix24's QUERY_LIMIT_EXCEEDED (%s)", async (mode) => {
    await post(sendFeedback, '/api/telega/send', feedback);
    await post(sendFeedback, '/api/telega/send', feedback);
    bitrix.setMode(mode);
    await drainOutbox(db(), channels());
    const state = await rows('bitrix24');
    expect(state.map((row) => row.status)).toEqual(['pending', 'pending']);
    expect(state[0]!.lastError).toContain('QUERY_LIMIT_EXCEEDED');
    // The first asked; the second was put back by the channel's pause without an attempt.
    expect(bitrix.calls).toHaveLength(1);
    expect(state[1]!.attempts).toBe(0);
    for (const row of state) expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(1000);
  });

  it("waits out amoCRM's 429 for its Retry-After; 401 and 5xx only delay", async () => {
    await post(sendFeedback, '/api/telega/send', feedback);
    amo.setMode('rate-limit');
    await drainOutbox(db(), channels());
    let [row] = await rows('amocrm');
    expect(row!.lastError).toContain('429');
    const wait = row!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(6000);
    expect(wait).toBeLessThan(7600);
    for (const mode of ['unauthorized', 'fail', 'malformed', 'hang'] as const) {
      if (mode === 'hang') crmSettings({ CRM_TIMEOUT_MS: '400' });
      amo.setMode(mode);
      await makeDue();
      await drainOutbox(db(), channels());
      [row] = await rows('amocrm');
      expect(row!.status).toBe('pending');
      expect(row!.lastError).not.toContain(amo.token);
    }
    expect(row!.lastError).toContain('no answer within 400 ms');
    crmSettings();
    amo.setMode('ok');
    await makeDue();
    await drainOutbox(db(), channels());
    expect((await rows('amocrm'))[0]!.status).toBe('delivered');
    expect(amo.leads).toHaveLength(1);
  });

  it('records a field the CRM will never take as refused for good, shown in the desk, retryable there; other leads and channels go on', async () => {
    await post(sendFeedback, '/api/telega/send', feedback);
    const first = await lastLead();
    bitrix.setMode('bad-field');
    amo.setMode('bad-field');
    receiver.setMode('gone');
    await drainOutbox(db(), channels());
    const refused = await rows();
    expect(refused.map((row) => row.status)).toEqual(['failed', 'failed', 'failed']);
    expect(refused.find((row) => row.channel === 'bitrix24')!.lastError).toContain('refused: 400');
    expect(refused.find((row) => row.channel === 'bitrix24')!.lastError).toContain('UTM_SOURCE');
    expect(refused.find((row) => row.channel === 'amocrm')!.lastError).toContain('0.custom_fields_values.0.field_code: This field code is unknown.');
    expect(refused.find((row) => row.channel === 'webhook')!.lastError).toContain('410');

    // A refused row is never claimed again; the next lead goes through.
    bitrix.setMode('ok');
    amo.setMode('ok');
    receiver.setMode('ok');
    await post(sendLead, '/api/telega/send-mail', buy);
    await makeDue();
    expect(await drainOutbox(db(), channels())).toBe(3);
    expect(bitrix.leads).toHaveLength(1);

    const deliveries = (await deliveriesOf(db(), [first.id])).get(first.id)!;
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed', 'failed', 'failed']);

    // The health check counts them per channel.
    setEnvForTests({ ...Object.fromEntries(Object.entries(process.env)), HEALTH_TOKEN: 'crm-test-health-token-0123' });
    crmSettings({ HEALTH_TOKEN: 'crm-test-health-token-0123' });
    const answer = await (await health(new Request('http://localhost/api/health', { headers: { Authorization: 'Bearer crm-test-health-token-0123' } }))).json();
    expect(answer.result.outbox.channels.bitrix24).toEqual({ pending: 0, oldestAgeSeconds: 0, failed: 1 });

    // «Retry delivery» in the desk makes them pending and due.
    const [actor] = await db().insert(staff).values({ email: `crm-${kind}@example.com`, role: 'sales', passwordHash: 'x' }).returning();
    expect(await retryLeadDelivery(db(), first.id, actor!)).toBe(3);
    await drainOutbox(db(), channels());
    expect((await rows()).every((row) => row.status === 'delivered')).toBe(true);
    expect(bitrix.leads).toHaveLength(2);
  });

  it("waits out the receiver's 429 and retries its 5xx with the same webhook-id", async () => {
    await post(sendFeedback, '/api/telega/send', feedback);
    receiver.setMode('rate-limit');
    await drainOutbox(db(), channels());
    const [row] = await rows('webhook');
    expect(row!.status).toBe('pending');
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(8000);
    expect(row!.lastError).not.toContain(SECRET.slice(6));
    receiver.setMode('ok');
    await makeDue();
    await drainOutbox(db(), channels());
    expect((await rows('webhook'))[0]!.status).toBe('delivered');
  });

  it('two workers delivering together send each lead once to each stand-in', async () => {
    for (let i = 0; i < 12; i += 1) await post(sendLead, '/api/telega/send-mail', { ...buy, name: `Lead ${i}` });
    const [a, b] = await Promise.all([drainOutbox(db(), channels(), 20), drainOutbox(db(), channels(), 20)]);
    expect(a + b).toBe(36);
    const numbers = (await db().select({ number: leads.number }).from(leads)).map((lead) => String(lead.number)).sort();
    expect(bitrix.leads.map((lead) => String(lead.fields.ORIGIN_ID)).sort()).toEqual(numbers);
    expect(amo.leads.map((lead) => String((lead.request as { request_id: string }).request_id)).sort()).toEqual(numbers);
    expect(new Set(receiver.deliveries.map((delivery) => delivery.id)).size).toBe(12);
    expect(receiver.deliveries).toHaveLength(12);
  });

  it('erasure cancels the pending CRM rows and blanks them; an erased lead is never sent', async () => {
    await post(sendFeedback, '/api/telega/send', feedback);
    const lead = await lastLead();
    const context = { db: db(), outboxId: 1, leadId: lead.id };
    expect(await eraseLead(db(), lead.id)).toBe(true);
    expect((await rows()).map((row) => [row.status, row.payload])).toEqual([
      ['cancelled', { erased: true }],
      ['cancelled', { erased: true }],
      ['cancelled', { erased: true }],
    ]);
    expect(await drainOutbox(db(), channels())).toBe(0);
    // A row claimed before the erasure: the channel reads the erased lead and refuses it for good.
    await expect(channels().bitrix24!.send({}, context)).rejects.toMatchObject({ permanent: true, message: 'the lead was erased' });
    expect(bitrix.calls).toHaveLength(0);
  });
});

describe('CRM settings', () => {
  const base = { NODE_ENV: 'production' };
  it('take https: addresses in production, http: only to a loopback address', () => {
    expect(() => parseSettings({ ...base, WEBHOOK_URL: 'http://127.0.0.1:9/x', WEBHOOK_SECRET: SECRET, AMOCRM_BASE_URL: 'http://localhost:8', AMOCRM_TOKEN: 't' })).not.toThrow();
    expect(() => parseSettings({ ...base, BITRIX24_WEBHOOK_URL: 'https://b24.example/rest/1/abcdef/' })).not.toThrow();
    const refused = (() => {
      try {
        parseSettings({ ...base, BITRIX24_WEBHOOK_URL: 'http://b24.example/rest/1/verysecretkey/', WEBHOOK_URL: 'http://hooks.example/x', WEBHOOK_SECRET: SECRET, AMOCRM_BASE_URL: 'http://a.example', AMOCRM_TOKEN: 't' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refused).toContain('BITRIX24_WEBHOOK_URL: must be an https: address');
    expect(refused).toContain('WEBHOOK_URL: must be an https: address');
    expect(refused).toContain('AMOCRM_BASE_URL: must be an https: address');
    expect(refused).not.toContain('verysecretkey');
  });

  it('want the webhook form of Bitrix24, a whsec_ secret, and pairs together', () => {
    expect(() => parseSettings({ BITRIX24_WEBHOOK_URL: 'https://b24.example/crm/' })).toThrow(/BITRIX24_WEBHOOK_URL: must be an inbound webhook address/);
    expect(() => parseSettings({ WEBHOOK_URL: 'https://hooks.example', WEBHOOK_SECRET: 'plain' })).toThrow(/WEBHOOK_SECRET: must be whsec_/);
    expect(() => parseSettings({ WEBHOOK_URL: 'https://hooks.example' })).toThrow(/WEBHOOK_URL and WEBHOOK_SECRET go together/);
    expect(() => parseSettings({ AMOCRM_TOKEN: 'x' })).toThrow(/AMOCRM_BASE_URL and AMOCRM_TOKEN go together/);
  });
});
