import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEnv, setEnvForTests } from '@/server/env';
import { createLead } from '@/server/leads/create-lead';
import { channelsFromEnv } from '@/server/outbox/config';
import { startOutboxWorker } from '@/server/outbox/worker';
import { startAmoCrmStub, type AmoCrmStub } from '../support/amocrm-stub';
import { startBitrix24Stub, type Bitrix24Stub } from '../support/bitrix24-stub';
import { useTestDb } from '../support/test-db';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/**
 * `npm run bench:crm`: the delivery latency to the three CRM stand-ins (loopback), from the
 * commit of each lead to its arrival, over CRM_BENCH_LEADS leads (1,000) stored at a steady
 * CRM_BENCH_RATE a second (50) with the outbox worker running as in the server. Skipped in `npm test`.
 */
const LEADS = Number(process.env.CRM_BENCH_LEADS ?? 0);
const RATE = Number(process.env.CRM_BENCH_RATE ?? 50);
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe.skipIf(!LEADS)('CRM delivery latency', () => {
  const database = useTestDb(process.env.TEST_DATABASE_URL && process.env.CRM_BENCH_PG ? 'postgres' : 'pglite');
  let bitrix: Bitrix24Stub;
  let amo: AmoCrmStub;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    [bitrix, amo, receiver] = await Promise.all([startBitrix24Stub(), startAmoCrmStub(), startWebhookReceiver(SECRET)]);
    setEnvForTests({
      TELEGRAM_BOT_TOKEN: '',
      SMTP_URL: '',
      NEXT_PUBLIC_SITE_URL: 'https://epc.example',
      BITRIX24_WEBHOOK_URL: bitrix.webhookUrl,
      AMOCRM_BASE_URL: amo.baseUrl,
      AMOCRM_TOKEN: amo.token,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    setEnvForTests();
    await Promise.all([bitrix?.close(), amo?.close(), receiver?.close()]);
  });

  it(`delivers ${LEADS} leads to each stand-in once`, { timeout: 600_000 }, async () => {
    const worker = startOutboxWorker({ db: async () => database.handle.db, channels: channelsFromEnv(getEnv()), pollMs: 1000 });
    const committed = new Map<string, number>();
    const start = performance.now();
    try {
      for (let i = 0; i < LEADS; i += 1) {
        const due = start + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const data = { name: `Bench ${i}`, phone: '+79161234567', email: `bench${i}@example.com`, t_client: '1', url: '/ru/epc', utm_source: 'bench', consent: true };
        const lead = await createLead({ kind: 'btn_demo', lang: 'ru', data, consentForm: 'leadDialog', clientAddress: '127.0.0.1' });
        committed.set(String(lead.number), Date.now());
      }
      const deadline = Date.now() + 300_000;
      while ((bitrix.leads.length < LEADS || amo.leads.length < LEADS || receiver.deliveries.length < LEADS) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
    }
    const arrivals = {
      bitrix24: bitrix.leads.map((lead) => [String(lead.fields.ORIGIN_ID), lead.at] as const),
      amocrm: amo.leads.map((lead) => [String((lead.request as { request_id: string }).request_id), lead.at] as const),
      webhook: receiver.deliveries.map((delivery) => [String((delivery.body.data as { number: number }).number), delivery.at] as const),
    };
    const lines = [`CRM delivery latency, ${LEADS} leads at ${RATE}/s (commit → arrival at the stand-in, ms):`];
    for (const [channel, list] of Object.entries(arrivals)) {
      expect(new Set(list.map(([number]) => number)).size).toBe(LEADS);
      expect(list).toHaveLength(LEADS);
      const latencies = list.map(([number, at]) => at - committed.get(number)!).sort((a, b) => a - b);
      lines.push(`  ${channel.padEnd(9)} p50 ${percentile(latencies, 50)}  p99 ${percentile(latencies, 99)}  max ${latencies.at(-1)}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });
});
