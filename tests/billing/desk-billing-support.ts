import { invoiceCounters, invoiceEvents, invoices, leads, outboxMessages, payments, securityEvents, staff, staffSessions, statementImports, subscriptions, users } from '@/db/schema';
import type { Db } from '@/db/client';
import type { OrderItem } from '@/content/price-book';
import { issueInvoice } from '@/server/billing/issue';
import { roubles, type InvoiceDocument } from '@/lib/billing/invoice';
import { setEnvForTests } from '@/server/env';
import { BUYER, SELLER_SETTINGS } from '../support/seller.mjs';
import type { StatementDocument } from '../support/statement';

/** The settings of these tests: a seller that sells online, no channel that would send anything. */
export function billingSettings(extra: Record<string, string> = {}) {
  setEnvForTests({ ...SELLER_SETTINGS, SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', VAT_RATE: '22', DADATA_API_KEY: '', DESK_ADMIN_EMAIL: '', DESK_ADMIN_PASSWORD: '', DESK_REQUIRE_2FA: '0', ...extra });
}

export async function emptyBilling(db: Db) {
  for (const table of [statementImports, payments, subscriptions, invoiceEvents, outboxMessages, invoices, invoiceCounters, leads, securityEvents, staffSessions, staff, users]) await db.delete(table);
}

let customerNo = 0;

/** An invoice issued as the partner area issues it, for a new customer of the buyer company (or the one given). */
export async function issued(db: Db, items: OrderItem[] = [{ product: 'epc', months: 3, seats: 2 }], buyer: { inn: string; kpp?: string; name: string; address: string } = BUYER): Promise<InvoiceDocument> {
  customerNo += 1;
  const [user] = await db
    .insert(users)
    .values({ email: `payer${customerNo}@example.com`, phone: '+79123456789', nameI: 'Иван', firmName: buyer.name, countryName: 'Россия', cityName: 'Москва', passwordHash: 'x' })
    .returning();
  const result = await issueInvoice({ user: user!, buyer, items, lang: 'ru', source: 'manual' });
  if (!result.ok) throw new Error(`not issued: ${JSON.stringify(result)}`);
  return result.invoice;
}

/** A statement line paying an invoice as its buyer would: its number in the purpose, the buyer's INN, the exact sum. */
export const paying = (invoice: InvoiceDocument, number: string, fields: Partial<StatementDocument> = {}): StatementDocument => ({
  number,
  date: '15.05.2026',
  sum: roubles(invoice.totalKopecks),
  payerInn: invoice.buyer.inn,
  payer: invoice.buyer.name,
  purpose: `Оплата по счету №${invoice.number} за подписку, в т.ч. НДС 22%`,
  ...fields,
});
