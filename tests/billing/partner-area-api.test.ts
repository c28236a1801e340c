import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { GET as getInvoice } from '@/app/api/invoices/[id]/route';
import { companies, invoiceCounters, invoiceEvents, invoices, leads, outboxMessages, users } from '@/db/schema';
import type { ApiInvoice, PurchaseTerms } from '@/lib/partner/api-types';
import { orderItems, companyBody } from '@/lib/partner/purchase-order';
import { readPurchaseChoice } from '@/lib/partner/purchase-query';
import { apiInvoice } from '@/server/billing/invoice-view';
import { setEnvForTests } from '@/server/env';
import { signUpBuyer } from '../support/customer';
import { jsonRequest } from '../support/requests';
import { BUYER, SELLER_SETTINGS } from '../support/seller.mjs';
import { useTestDb } from '../support/test-db';

// The page's reading of an invoice is what the server writes (checked when the types are).
type Written = ReturnType<typeof apiInvoice>;
const sameShape: Written extends ApiInvoice ? true : never = true;

const get = (path: string, token: string) => new Request(`http://localhost:3000${path}`, { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'ru' } });

describe('the partner area’s calls', () => {
  const database = useTestDb('pglite');
  beforeEach(async () => {
    setEnvForTests({ ...SELLER_SETTINGS, SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', WEBHOOK_URL: '', VAT_RATE: '22', DADATA_API_KEY: '', YOOKASSA_SHOP_ID: '', YOOKASSA_SECRET_KEY: '' });
    const { db } = database.handle;
    for (const table of [invoiceEvents, outboxMessages, invoices, invoiceCounters, companies, leads, users]) await db.delete(table);
  });
  afterAll(() => setEnvForTests());

  it('the calculator’s set, as the page orders it, makes the invoice whose page says whether a card pays it', async () => {
    const token = await signUpBuyer();
    const choice = readPurchaseChoice('?buy=tis&brands=bmw-mini,volvo&months=3');
    const { items } = orderItems({ seats: { epc: '2' }, brands: choice.brands, months: choice.months });
    const created = await createInvoice(jsonRequest('/api/invoices', { company: companyBody({ ...BUYER, kpp: BUYER.kpp }), items }, { lang: 'ru', headers: { Authorization: `Bearer ${token}` } }));
    expect(created.status).toBe(200);
    const { invoice } = (await created.json()).result as { invoice: ApiInvoice };
    expect(invoice.total).toBe('42900.00');
    expect(sameShape).toBe(true);

    const params = { params: Promise.resolve({ id: invoice.id }) };
    const page = (await (await getInvoice(get(`/api/invoices/${invoice.id}`, token), params)).json()).result as { invoice: ApiInvoice; purchase: PurchaseTerms };
    // The PDF's signed link expires a fixed time after it is made: two reads a second apart differ there only.
    const withoutLink = ({ pdfLink, ...rest }: ApiInvoice & { pdfLink?: string }) => ({ ...rest, pdfLink: pdfLink?.replace(/\?expires=\d+&sig=[\w-]+$/, '?signed') });
    expect(withoutLink(page.invoice)).toEqual(withoutLink(invoice));
    expect((page.invoice as ApiInvoice & { pdfLink?: string }).pdfLink).toMatch(new RegExp(`^/api/invoices/${invoice.id}/pdf\\?expires=\\d+&sig=[\\w-]+$`));
    expect(page.purchase).toMatchObject({ enabled: true, card: false, vatRate: '22' });
    setEnvForTests({ ...SELLER_SETTINGS, YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_secret' });
    const withCard = (await (await getInvoice(get(`/api/invoices/${invoice.id}`, token), params)).json()).result as { purchase: PurchaseTerms };
    expect(withCard.purchase.card).toBe(true);
  });
});
