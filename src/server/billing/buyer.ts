import 'server-only';
import { companies } from '@/db/schema';
import type { CompanyInput } from '@/lib/billing/order-schema';
import type { InvoiceParty } from '@/lib/billing/invoice';
import type { Locale } from '@/site/locales.mjs';
import { getDb } from '../database';
import { translate } from '../i18n';

export type BuyerResult = { ok: true; buyer: InvoiceParty; source: 'dadata' | 'manual' } | { ok: false; errorsFld: Record<string, string> };

/**
 * The buyer an invoice names, from what the customer gave: the details typed by hand (a name and
 * an address are then required). Kept as the account's company for its next invoice.
 */
export async function resolveBuyer(userId: string, input: CompanyInput, locale: Locale): Promise<BuyerResult> {
  const errorsFld: Record<string, string> = {};
  if (!input.name) errorsFld['company.name'] = translate(locale, 'Validation', 'companyNameRequired');
  if (!input.address) errorsFld['company.address'] = translate(locale, 'Validation', 'companyAddressRequired');
  if (Object.keys(errorsFld).length) return { ok: false, errorsFld };
  const buyer: InvoiceParty = { inn: input.inn, ...(input.kpp ? { kpp: input.kpp } : {}), name: input.name!, address: input.address! };
  await keepCompany(userId, buyer, 'manual');
  return { ok: true, buyer, source: 'manual' };
}

/** The account's company as last used (one per account). */
export async function keepCompany(userId: string, buyer: InvoiceParty, source: 'dadata' | 'manual'): Promise<void> {
  const db = await getDb();
  const values = { inn: buyer.inn, kpp: buyer.kpp ?? null, ogrn: buyer.ogrn ?? null, name: buyer.name, address: buyer.address, director: buyer.director ?? null, source, updatedAt: new Date() };
  await db.insert(companies).values({ userId, ...values }).onConflictDoUpdate({ target: companies.userId, set: values });
}
