import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { GET as getPdf } from '@/app/api/invoices/[id]/pdf/route';
import { companies, invoiceCounters, invoiceEvents, invoices, leads, outboxMessages, subscriptions, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { invoicePdf } from '@/server/billing/invoice-pdf';
import { pdfLinkSigner } from '@/server/billing/pdf-link';
import en from '../../messages/en.json';
import { signUpBuyer } from '../support/customer';
import { SAMPLE_INVOICE } from '../support/invoice-document';
import { jsonRequest } from '../support/requests';
import { BUYER, ORDER, SELLER_SETTINGS } from '../support/seller.mjs';
import { useTestDb } from '../support/test-db';

const run = promisify(execFile);
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The PDF route called as Next.js calls it, with a token or none. */
function fetchPdf(path: string, token?: string) {
  const id = path.split('/')[3]!;
  const request = new Request(`http://localhost:3000${path}`, { headers: { 'Accept-Language': 'en', ...(token ? auth(token) : {}) } });
  return getPdf(request, { params: Promise.resolve({ id }) });
}

async function issue(token: string) {
  const response = await createInvoice(jsonRequest('/api/invoices', ORDER, { lang: 'en', headers: auth(token) }));
  expect(response.status).toBe(200);
  return (await response.json()).result.invoice as { id: string; number: string; date: string; total: string; pdf: string; pdfLink: string };
}

describe('the invoice’s PDF', () => {
  const database = useTestDb('pglite');
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'invoice-pdf-'));
  });
  beforeEach(async () => {
    setEnvForTests({ ...SELLER_SETTINGS, SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', VAT_RATE: '22', DADATA_API_KEY: '', DESK_SECRET_KEY: 'a test key that is long enough to be one' });
    const { db } = database.handle;
    for (const table of [subscriptions, invoiceEvents, outboxMessages, invoices, invoiceCounters, companies, leads, users]) await db.delete(table);
  });
  afterAll(async () => {
    setEnvForTests();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads back as the invoice: its number, the buyer, the total, the VAT and the sum in words; its QR code pays exactly the total', async () => {
    const token = await signUpBuyer();
    const invoice = await issue(token);
    const response = await fetchPdf(invoice.pdf, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    const file = join(dir, 'invoice.pdf');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));

    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const [year, month, day] = invoice.date.split('-');
    expect(text).toContain(`Счёт на оплату № ${invoice.number} от`);
    expect(text).toContain(`ИНН ${BUYER.inn}, КПП ${BUYER.kpp}`);
    expect(text).toMatch(/Итого:\s+42 900,00/);
    expect(text).toMatch(/В том числе НДС 22%:\s+7 736,07/);
    expect(text).toContain('Всего наименований 3, на сумму 42 900,00 руб.');
    expect(text).toContain('Сорок две тысячи девятьсот рублей 00 копеек');
    expect(text).toMatch(/Руководитель[\s\S]*Бухгалтер/);

    await run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    const page = PNG.sync.read(await readFile(join(dir, 'page.png')));
    const qr = jsQR(new Uint8ClampedArray(page.data.buffer, page.data.byteOffset, page.data.length), page.width, page.height);
    expect(qr).not.toBeNull();
    expect(Buffer.from(qr!.binaryData).toString('utf8')).toBe(
      `ST00012|Name=${SELLER_SETTINGS.SELLER_NAME}|PersonalAcc=${SELLER_SETTINGS.SELLER_ACCOUNT}|BankName=${SELLER_SETTINGS.SELLER_BANK_NAME}` +
        `|BIC=${SELLER_SETTINGS.SELLER_BIC}|CorrespAcc=${SELLER_SETTINGS.SELLER_CORR_ACCOUNT}|PayeeINN=${SELLER_SETTINGS.SELLER_INN}|KPP=${SELLER_SETTINGS.SELLER_KPP}` +
        `|Sum=${Number(invoice.total) * 100}|Purpose=Оплата по счёту № ${invoice.number} от ${day}.${month}.${year} за доступ к каталогам, в т.ч. НДС 22% 7736,07 руб.`,
    );
  });

  it('is the same bytes whenever it is made, dated the invoice’s day', async () => {
    const token = await signUpBuyer();
    const invoice = await issue(token);
    const first = Buffer.from(await (await fetchPdf(invoice.pdf, token)).arrayBuffer());
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3 * 86_400_000 + 12_345);
      const later = Buffer.from(await (await fetchPdf(invoice.pdf, token)).arrayBuffer());
      expect(later.equals(first)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const file = join(dir, 'dated.pdf');
    await writeFile(file, first);
    const { stdout: info } = await run('pdfinfo', ['-isodates', file]);
    // Moscow midnight of the invoice's day, as PDF dates are written (UTC).
    expect(info).toMatch(new RegExp(`CreationDate:\\s+${new Date(`${invoice.date}T00:00:00+03:00`).toISOString().slice(0, 19)}Z`));
  });

  it('says «Без налога (НДС)» without VAT, has a sole proprietor sign alone, and carries a long table over to a second page', async () => {
    const seller = { ...SAMPLE_INVOICE.seller, inn: '500100732259', name: 'ИП Иванов Иван Иванович' };
    delete seller.kpp;
    const lines = Array.from({ length: 40 }, (_, index) => ({ ...SAMPLE_INVOICE.lines[1]!, name: { ru: `Сервисная информация TIS: марка ${index + 1}`, en: '' } }));
    const file = join(dir, 'variant.pdf');
    await writeFile(file, await invoicePdf({ ...SAMPLE_INVOICE, seller, lines, vatRate: 'none', vatKopecks: 0 }));
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain(`Счёт на оплату № ${SAMPLE_INVOICE.number} от 27.11.2026, продолжение`);
    expect(pages[1]).toMatch(/№\s+Товары \(работы, услуги\)\s+Кол-во\s+Ед\.\s+Цена\s+Сумма/);
    expect(pages[1]).toContain('марка 40');
    expect(text).toMatch(/Без налога \(НДС\):/);
    expect(text).not.toContain('В том числе НДС');
    expect(text).toContain('Всего наименований 40,');
    expect(text).toContain('Предприниматель');
    expect(text).not.toMatch(/Руководитель|Бухгалтер|КПП 7701/);
  });

  it('of a cancelled invoice says it is cancelled and carries no payment QR code', async () => {
    const file = join(dir, 'cancelled.pdf');
    await writeFile(file, await invoicePdf({ ...SAMPLE_INVOICE, status: 'cancelled', cancelledAt: '2026-11-28T10:00:00.000Z', cancelReason: 'заказ изменён' }));
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Счёт отменён 28.11.2026: оплата по нему не принимается');
    expect(text).not.toContain('Оплатить не позднее');
    await run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'cancelled')]);
    const page = PNG.sync.read(await readFile(join(dir, 'cancelled.png')));
    expect(jsQR(new Uint8ClampedArray(page.data.buffer, page.data.byteOffset, page.data.length), page.width, page.height)).toBeNull();
  });

  it('is 404 for another account and for an unknown id, 401 without a token', async () => {
    const [mine, theirs] = [await signUpBuyer(), await signUpBuyer()];
    const invoice = await issue(mine);
    const other = await fetchPdf(invoice.pdf, theirs);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ errors: [en.ApiErrors.notFound], errorsFld: {} });
    expect((await fetchPdf('/api/invoices/5b0f1c9e-0000-4000-8000-000000000000/pdf', mine)).status).toBe(404);
    expect((await fetchPdf('/api/invoices/nonsense/pdf', mine)).status).toBe(404);
    expect((await fetchPdf(invoice.pdf)).status).toBe(401);
  });

  it('opens by its signed link without a token for ten minutes, and not by a stale, forged or another invoice’s link', async () => {
    const token = await signUpBuyer();
    const invoice = await issue(token);
    const other = await issue(token);
    expect(invoice.pdfLink).toMatch(new RegExp(`^${invoice.pdf}\\?expires=\\d+&sig=[\\w-]{43}$`));
    const linked = await fetchPdf(invoice.pdfLink);
    expect(linked.status).toBe(200);
    expect(Buffer.from(await linked.arrayBuffer()).equals(Buffer.from(await (await fetchPdf(invoice.pdf, token)).arrayBuffer()))).toBe(true);

    const stale = (await pdfLinkSigner(Date.now() - 11 * 60_000))(invoice.id);
    const forged = invoice.pdfLink.replace(/sig=./, (start) => `sig=${start.endsWith('A') ? 'B' : 'A'}`);
    const shortened = invoice.pdfLink.replace(/expires=(\d+)/, (_, expires: string) => `expires=${Number(expires) - 60}`);
    const elsewhere = invoice.pdfLink.replace(invoice.id, other.id);
    for (const link of [stale, forged, shortened, elsewhere]) {
      const refused = await fetchPdf(link);
      expect(refused.status, link).toBe(403);
      expect(await refused.json()).toEqual({ errors: [en.ApiErrors.invoiceLinkExpired], errorsFld: {} });
    }
  });
});
