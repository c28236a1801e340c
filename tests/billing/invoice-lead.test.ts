import { randomBytes } from 'node:crypto';
// The stand-ins' records are JSON as the channels sent it: read loosely, checked by value.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { companies, invoiceEvents, invoices, leads, outboxMessages } from '@/db/schema';
import type { InvoiceDocument } from '@/lib/billing/invoice';
import { getEnv, setEnvForTests } from '@/server/env';
import { channelsFromEnv } from '@/server/outbox/config';
import { drainOutbox } from '@/server/outbox/drain';
import { startAmoCrmStub, type AmoCrmStub } from '../support/amocrm-stub';
import { startBitrix24Stub, type Bitrix24Stub } from '../support/bitrix24-stub';
import { startBotApiStub, type BotApiStub } from '../support/bot-api-stub';
import { bearer, signUp } from '../support/customer';
import { leafParts, mailText, parseMail } from '../support/mime';
import { jsonRequest } from '../support/requests';
import { BUYER, ORDER, SELLER_SETTINGS } from '../support/seller.mjs';
import { startSmtpStub, type SmtpStub } from '../support/smtp-stub';
import { testDatabases, useTestDb } from '../support/test-db';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
/** Amounts as the languages write money: a non-breaking space between the thousands and beside the currency. */
const rub = (text: string) => text.replace(/(\d) (?=\d)/g, '$1\u00a0').replace(/ ₽/g, '\u00a0₽').replace(/RUB /g, 'RUB\u00a0');
/** A PDF as small as one can be: the renderer is helper A's and is tested there; here only that it is attached. */
const FAKE_PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');

let bot: BotApiStub;
let smtp: SmtpStub;
let receiver: WebhookReceiver;
let bitrix: Bitrix24Stub;
let amo: AmoCrmStub;

beforeAll(async () => {
  [bot, smtp, receiver, bitrix, amo] = await Promise.all([startBotApiStub(), startSmtpStub(), startWebhookReceiver(SECRET), startBitrix24Stub(), startAmoCrmStub()]);
});
afterAll(async () => {
  setEnvForTests();
  await Promise.all([bot.close(), smtp.close(), receiver.close(), bitrix.close(), amo.close()]);
});

/** Every channel on, against the stand-ins. */
function everyChannel(extra: Record<string, string> = {}) {
  return setEnvForTests({
    ...SELLER_SETTINGS,
    VAT_RATE: '22',
    DADATA_API_KEY: '',
    NEXT_PUBLIC_SITE_URL: 'https://epc.example',
    NEXT_PUBLIC_SITE_NAME: 'EpcSu',
    TELEGRAM_BOT_TOKEN: '123:test-token',
    TELEGRAM_CHAT_ID: '-100500',
    TELEGRAM_API_BASE: bot.url,
    TELEGRAM_MIN_INTERVAL_MS: '0',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'site@example.com',
    SALES_EMAIL: 'sales@example.com',
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: SECRET,
    BITRIX24_WEBHOOK_URL: bitrix.webhookUrl,
    AMOCRM_BASE_URL: amo.baseUrl,
    AMOCRM_TOKEN: amo.token,
    CRM_TIMEOUT_MS: '5000',
    ...extra,
  });
}

describe.each(testDatabases())('an invoice sent and seen, on %s', (kind) => {
  const database = useTestDb(kind);
  const db = () => database.handle.db;
  const rendered: InvoiceDocument[] = [];
  const renderPdf = async (invoice: InvoiceDocument) => {
    rendered.push(invoice);
    return FAKE_PDF;
  };
  const channels = () => channelsFromEnv(getEnv(), undefined, renderPdf);

  /** A new account with its company's invoice issued (its sign-up's own lead already out of the way). */
  async function issued(lang: 'ru' | 'en' = 'ru') {
    const customer = await signUp();
    await db().delete(outboxMessages);
    const response = await createInvoice(jsonRequest('/api/invoices', ORDER, { lang, headers: bearer(customer.token) }));
    expect(response.status).toBe(200);
    const { invoice } = (await response.json()).result;
    const [lead] = await db().select().from(leads).where(eq(leads.kind, 'invoice')).orderBy(sql`${leads.number} desc`).limit(1);
    return { customer, invoice, lead: lead! };
  }

  beforeEach(async () => {
    everyChannel();
    for (const stub of [receiver, bitrix, amo]) stub.reset();
    bot.setMode('ok');
    bot.messages.length = 0;
    smtp.mails.length = 0;
    rendered.length = 0;
    for (const table of [invoiceEvents, outboxMessages, invoices, companies, leads]) await db().delete(table);
  });

  it('reaches the sales chat, the sales mailbox, both CRMs and the webhook with company, INN, lines, total and number', async () => {
    const { customer, invoice, lead } = await issued();
    const number = invoice.number as string;
    expect((await db().select().from(outboxMessages)).map((row) => row.channel).sort()).toEqual(['amocrm', 'bitrix24', 'email', 'email', 'telegram', 'webhook']);
    expect(await drainOutbox(db(), channels(), 20)).toBe(6);
    expect((await db().select().from(outboxMessages)).filter((row) => row.status !== 'delivered').map((row) => [row.channel, row.lastError])).toEqual([]);

    const headline = rub(`Счёт ${number}: ПАО Сбербанк, 42 900,00 ₽`);
    const lines = [rub('Подписка «EPC FULL», 2 рабочих места — 3 месяца — 23 400,00 ₽'), rub('Сервисная информация TIS: BMW / MINI — 3 месяца — 15 000,00 ₽'), rub('Сервисная информация TIS: Volvo — 3 месяца — 4 500,00 ₽')];

    // Telegram: the lead's own number in the title, never to be read as the invoice's.
    expect(bot.messages).toHaveLength(1);
    const chat = bot.messages[0]!.text;
    expect(chat.split('\n')[0]).toBe(`<b>🧾 Счёт на оплату · заявка №${lead.number}</b>`);
    for (const row of [`<b>Счёт:</b> <code>${number}</code>`, rub('<b>Сумма:</b> 42 900,00 ₽'), '<b>Продукт:</b> EPC FULL, TIS', '<b>Компания:</b> <code>ПАО Сбербанк</code>', '<b>ИНН:</b> <code>7707083893</code>', '<b>КПП:</b> <code>773601001</code>', `<b>E-mail:</b> ${customer.email}`]) {
      expect(chat).toContain(row);
    }
    expect(chat).toContain(`<b>Позиции счёта:</b>\n${lines.join('\n')}`);

    // The sales mailbox: the headline as the subject, every field in the text.
    const sales = smtp.mails.find((mail) => mail.to.includes('sales@example.com'))!;
    expect(parseMail(sales.raw).headers.subject).toBe(headline);
    const salesText = mailText(sales.raw);
    for (const row of [`Счёт: ${number}`, 'ИНН: 7707083893', 'КПП: 773601001', 'Компания: ПАО Сбербанк', rub('Сумма: 42 900,00 ₽'), `Позиции счёта:\n${lines.join('\n')}`]) expect(salesText).toContain(row);

    // Bitrix24 and amoCRM: the record titled by the invoice, its total as the deal's amount.
    expect(bitrix.leads).toHaveLength(1);
    expect(bitrix.leads[0]!.fields).toMatchObject({ TITLE: `EpcSu №${lead.number} · ${headline}`, COMPANY_TITLE: 'ПАО Сбербанк', OPPORTUNITY: '42900.00', CURRENCY_ID: 'RUB', EMAIL: [{ VALUE: customer.email, VALUE_TYPE: 'WORK' }] });
    expect(String(bitrix.leads[0]!.fields.COMMENTS)).toContain('ИНН: 7707083893');
    expect(amo.leads.map((record) => record.name)).toEqual([`EpcSu №${lead.number} · ${headline}`]);
    const amoLead = (amo.leads[0]!.request as any)._embedded.leads[0];
    expect(amoLead.price).toBe(42900);
    expect(amo.notes[0]!.text).toContain(lines[0]);

    // The webhook: lead.created with every field as stored.
    expect(receiver.rejected).toBe(0);
    expect(receiver.deliveries).toHaveLength(1);
    const posted = receiver.deliveries[0]!.body as any;
    expect(posted.type).toBe('lead.created');
    expect(posted.data).toMatchObject({ kind: 'invoice', number: lead.number, consent: { form: 'invoice' } });
    expect(posted.data.fields).toMatchObject({ invoice_id: invoice.id, invoice_number: number, firm_name: BUYER.name, inn: BUYER.inn, kpp: BUYER.kpp, total: '42900.00', product: 'epc,tis', email: customer.email });
    expect(posted.data.fields.items).toEqual([
      { product: 'epc', months: 3, seats: 2, name: { ru: 'Подписка «EPC FULL», 2 рабочих места', en: '“EPC FULL” subscription, 2 workstations' }, amount: '23400.00' },
      { product: 'tis', brand: 'bmw-mini', months: 3, seats: 1, name: { ru: 'Сервисная информация TIS: BMW / MINI', en: 'TIS service information: BMW / MINI' }, amount: '15000.00' },
      { product: 'tis', brand: 'volvo', months: 3, seats: 1, name: { ru: 'Сервисная информация TIS: Volvo', en: 'TIS service information: Volvo' }, amount: '4500.00' },
    ]);
  });

  it('e-mails the buyer the invoice in its language, with its PDF made from the stored invoice and a link to its page', async () => {
    const { customer, invoice } = await issued();
    await drainOutbox(db(), channels(), 20);
    const mail = smtp.mails.find((one) => one.to.includes(customer.email))!;
    expect(mail.from).toBe('site@example.com');
    const message = parseMail(mail.raw);
    expect(message.headers.subject).toBe(`Счёт № ${invoice.number} на оплату`);
    const attachments = leafParts(message).filter((part) => /attachment/i.test(part.headers['content-disposition'] ?? ''));
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.headers['content-type']).toMatch(new RegExp(`^application/pdf; name="?invoice-${invoice.number}\\.pdf"?$`));
    expect(attachments[0]!.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="?invoice-${invoice.number}\\.pdf"?$`));
    expect(attachments[0]!.body.equals(FAKE_PDF)).toBe(true);
    // Made when sent, from the invoice as stored.
    expect(rendered.map((one) => [one.id, one.number, one.totalKopecks, one.buyer.inn])).toEqual([[invoice.id, invoice.number, 4_290_000, BUYER.inn]]);
    const text = mailText(mail.raw);
    const [year, month, day] = (invoice.dueDate as string).split('-');
    expect(text).toContain(rub(`на сумму 42 900,00 ₽ для ПАО Сбербанк (ИНН ${BUYER.inn})`));
    expect(text).toContain(`Оплатите его до ${day}.${month}.${year}`);
    expect(text).toContain(`https://epc.example/ru/auth/account?invoice=${invoice.id}`);
    const html = leafParts(message).find((part) => part.headers['content-type']?.startsWith('text/html'))!.body.toString('utf8');
    expect(html).toContain(`<a href="https://epc.example/ru/auth/account?invoice=${invoice.id}">`);
  });

  it('writes to an English buyer in English, and says where the invoice is when the site has no address', async () => {
    everyChannel({ NEXT_PUBLIC_SITE_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', BITRIX24_WEBHOOK_URL: '', AMOCRM_BASE_URL: '', AMOCRM_TOKEN: '' });
    const { invoice } = await issued('en');
    expect(await drainOutbox(db(), channels())).toBe(1);
    const message = parseMail(smtp.mails[0]!.raw);
    expect(message.headers.subject).toBe(`Invoice No. ${invoice.number} for payment`);
    const text = mailText(smtp.mails[0]!.raw);
    expect(text).toContain(rub(`for RUB 42,900.00, issued to ПАО Сбербанк (INN ${BUYER.inn})`));
    expect(text).toContain('The invoice and its status are in your partner area on EpcSu.');
    expect(text).not.toContain('http');
  });

  it('waits while the PDF cannot be made, and never sends a cancelled invoice', async () => {
    everyChannel({ SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', BITRIX24_WEBHOOK_URL: '', AMOCRM_BASE_URL: '', AMOCRM_TOKEN: '' });
    const { invoice } = await issued();
    const mailRow = async () => (await db().select().from(outboxMessages).where(eq(outboxMessages.channel, 'email')))[0]!;
    const makeDue = () => db().update(outboxMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });

    // No renderer wired, then one that fails: the e-mail waits with the reason, nothing goes out.
    await drainOutbox(db(), channelsFromEnv(getEnv()));
    expect(await mailRow()).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('no invoice PDF renderer is configured') });
    await makeDue();
    await drainOutbox(db(), channelsFromEnv(getEnv(), undefined, async () => Promise.reject(new Error('font missing'))));
    expect(await mailRow()).toMatchObject({ status: 'pending', attempts: 2, lastError: expect.stringContaining('font missing') });
    expect(smtp.mails).toHaveLength(0);

    // Cancelled meanwhile: refused for good, with the reason.
    await db().update(invoices).set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: 'test' }).where(eq(invoices.id, invoice.id));
    await makeDue();
    await drainOutbox(db(), channels());
    expect(await mailRow()).toMatchObject({ status: 'failed', lastError: expect.stringContaining(`invoice ${invoice.number} was cancelled`) });
    expect(smtp.mails).toHaveLength(0);
    expect(rendered).toHaveLength(0);
  });
});
