import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { companies, invoiceEvents, invoices, leads, outboxMessages, subscriptions } from '@/db/schema';
import { markInvoicePaid } from '@/server/billing/activation';
import { queueRenewalReminders } from '@/server/billing/renewal-reminders';
import { getEnv, setEnvForTests } from '@/server/env';
import { channelsFromEnv } from '@/server/outbox/config';
import { drainOutbox } from '@/server/outbox/drain';
import { bearer, signUp } from '../support/customer';
import { mailText, parseMail } from '../support/mime';
import { jsonRequest } from '../support/requests';
import { BUYER, SELLER_SETTINGS } from '../support/seller.mjs';
import { startSmtpStub, type SmtpStub } from '../support/smtp-stub';
import { testDatabases, useTestDb } from '../support/test-db';

const EPC = { product: 'epc', months: 3, seats: 2 };
const TIS = { product: 'tis', months: 3, brands: ['bmw-mini', 'volvo'] };
/** Paid on this day, a 3-month period runs to 2027-02-26; SUBSCRIPTION_RENEWAL_DAYS (14) before it is 2027-02-12. */
const PAID = new Date('2026-11-27T09:00:00Z');
const REMIND_DAY = '2027-02-12';

let smtp: SmtpStub;
beforeAll(async () => {
  smtp = await startSmtpStub();
});
afterAll(async () => {
  setEnvForTests();
  await smtp.close();
});

const settings = (extra: Record<string, string> = {}) =>
  setEnvForTests({ ...SELLER_SETTINGS, VAT_RATE: '22', DADATA_API_KEY: '', TELEGRAM_BOT_TOKEN: '', SALES_EMAIL: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', SMTP_URL: smtp.url, MAIL_FROM: 'site@example.com', NEXT_PUBLIC_SITE_URL: 'https://epc.example', NEXT_PUBLIC_SITE_NAME: 'EpcSu', ...extra });

describe.each(testDatabases())('renewal reminders on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const remind = (today: string) => queueRenewalReminders(db(), getEnv(), today);
  /** The e-mails queued but the invoices' own (`kind: 'invoice'`). */
  const reminders = async () => (await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'email')).orderBy(outboxMessages.id)).filter((row) => row.payload.kind !== 'invoice');

  /** An account's invoice for `items`, paid on `paidAt`. */
  async function paid(token: string, items: unknown[], paidAt = PAID, lang: 'ru' | 'en' = 'ru') {
    const response = await createInvoice(jsonRequest('/api/invoices', { company: BUYER, items }, { lang, headers: bearer(token) }));
    const { invoice } = (await response.json()).result;
    await markInvoicePaid(db(), invoice.id, { paidBy: 'staff:test', actor: 'staff:test', paidAt });
    return invoice as { id: string; number: string };
  }

  beforeEach(async () => {
    settings();
    smtp.mails.length = 0;
    for (const table of [subscriptions, invoiceEvents, outboxMessages, invoices, companies, leads]) await db().delete(table);
  });

  it('e-mails the buyer once, SUBSCRIPTION_RENEWAL_DAYS before the period ends, with the link that issues the invoice again', async () => {
    const customer = await signUp();
    const invoice = await paid(customer.token, [EPC, TIS]);
    await db().delete(outboxMessages);
    expect(await remind('2027-02-11')).toBe(0);
    expect(await remind(REMIND_DAY)).toBe(1);
    expect(await remind(REMIND_DAY)).toBe(0);
    expect(await remind('2027-02-20')).toBe(0);

    const [reminder] = await reminders();
    expect(await reminders()).toHaveLength(1);
    expect(reminder!.leadId).toBeNull();
    expect(reminder!.payload).toMatchObject({ to: customer.email, subject: 'Продлите подписку: срок заканчивается 26.02.2027' });
    const text = String(reminder!.payload.text);
    expect(text).toContain(
      [
        `Срок подписки ПАО Сбербанк (ИНН ${BUYER.inn}), оплаченной по счёту № ${invoice.number}, заканчивается:`,
        '— Подписка «EPC FULL», 2 рабочих места: до 26.02.2027',
        '— Сервисная информация TIS: BMW / MINI: до 26.02.2027',
        '— Сервисная информация TIS: Volvo: до 26.02.2027',
      ].join('\n'),
    );
    const link = `https://epc.example/ru/auth/account?renew=${invoice.id}`;
    expect(text).toContain(`Выставить счёт: ${link}`);
    expect(String(reminder!.payload.html)).toContain(`<a href="${link}">`);

    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.renewalMailedAt).toBeInstanceOf(Date);
    const history = await db().select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, invoice.id));
    expect(history.filter((event) => event.event === 'reminded').map((event) => [event.actor, event.detail])).toEqual([['system', { until: '2027-02-26' }]]);

    expect(await drainOutbox(db(), channelsFromEnv(getEnv()))).toBe(1);
    expect(smtp.mails.map((mail) => mail.to)).toEqual([[customer.email]]);
    expect(mailText(smtp.mails[0]!.raw)).toContain(link);
  });

  it('is not sent for a period already renewed; a partial renewal is reminded of the rest only', async () => {
    const renewed = await signUp();
    await paid(renewed.token, [EPC, TIS]);
    const renewal = await paid(renewed.token, [EPC, TIS], new Date('2026-12-01T09:00:00Z'));
    expect(await remind(REMIND_DAY)).toBe(0);
    // The renewal's own period (2027-02-27 … 2027-05-26) is reminded of in its turn.
    expect(await remind('2027-05-12')).toBe(1);
    expect((await reminders()).at(-1)!.payload.text).toContain(`по счёту № ${renewal.number}`);

    await db().delete(subscriptions);
    const partly = await signUp();
    const first = await paid(partly.token, [EPC, TIS]);
    await paid(partly.token, [EPC], new Date('2026-12-01T09:00:00Z'));
    expect(await remind(REMIND_DAY)).toBe(1);
    const text = String((await reminders()).at(-1)!.payload.text);
    expect(text).toContain(`по счёту № ${first.number}`);
    expect(text).toContain('— Сервисная информация TIS: Volvo: до 26.02.2027');
    expect(text).not.toContain('EPC FULL');
  });

  it('sends each reminder once when two instances run at the same time', async () => {
    const [one, two] = [await signUp(), await signUp()];
    await paid(one.token, [EPC]);
    await paid(two.token, [TIS]);
    await db().delete(outboxMessages);
    const runs = await Promise.all([remind(REMIND_DAY), remind(REMIND_DAY), remind(REMIND_DAY)]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect((await reminders()).map((row) => row.payload.to).sort()).toEqual([one.email, two.email].sort());
  });

  it('waits for mail to be set up, and says where to renew when the site has no address', async () => {
    const customer = await signUp();
    const invoice = await paid(customer.token, [EPC], PAID, 'en');
    await db().delete(outboxMessages);
    settings({ SMTP_URL: '' });
    expect(await remind(REMIND_DAY)).toBe(0);
    expect((await db().select().from(invoices).where(eq(invoices.id, invoice.id)))[0]!.renewalMailedAt).toBeNull();

    settings({ NEXT_PUBLIC_SITE_URL: '' });
    expect(await remind(REMIND_DAY)).toBe(1);
    const [reminder] = await reminders();
    expect(reminder!.payload.subject).toBe('Renew your subscription: it ends on 26 February 2027');
    const text = String(reminder!.payload.text);
    expect(text).toContain('— “EPC FULL” subscription, 2 workstations: until 26 February 2027');
    expect(text).toContain(`To do so, sign in to your partner area on EpcSu and repeat invoice No. ${invoice.number}.`);
    expect(text).not.toContain('http');
    await drainOutbox(db(), channelsFromEnv(getEnv()));
    expect(parseMail(smtp.mails[0]!.raw).headers.subject).toBe('Renew your subscription: it ends on 26 February 2027');
  });
});
