import 'server-only';
import { companies } from '@/db/schema';
import type { CompanyInput } from '@/lib/billing/order-schema';
import type { InvoiceParty } from '@/lib/billing/invoice';
import type { Locale } from '@/site/locales.mjs';
import { getDb } from '../database';
import { translate } from '../i18n';
import { closedCompanyMessage, lookUpCompany } from './company-lookup';
import type { RegisterCompany } from './dadata';

export type BuyerResult = { ok: true; buyer: InvoiceParty; source: 'dadata' | 'manual' } | { ok: false; errorsFld: Record<string, string> };

/**
 * The details the register gives, over what was typed: its name, OGRN, address and director. A KPP
 * typed is kept (one that differs from the head office's is a branch's); none typed, the head
 * office's. DaData gives a sole proprietor's address only down to the town, so a typed one wins there.
 */
function fromRegister(company: RegisterCompany, input: CompanyInput): Partial<InvoiceParty> {
  const address = company.type === 'INDIVIDUAL' ? input.address || company.address : company.address || input.address;
  const kpp = input.kpp || company.kpp;
  return { name: company.name, address, ...(kpp ? { kpp } : {}), ...(company.ogrn ? { ogrn: company.ogrn } : {}), ...(company.director ? { director: company.director } : {}) };
}

/**
 * The buyer an invoice names. With DaData set, the INN is looked up first: a company found gives
 * its details from the register (source `dadata`); one liquidated or being liquidated is refused by
 * `company.inn`. Not found, or DaData slow (3 s), down or out of quota: the details typed by hand,
 * then a name, an address and an organisation's KPP are required. Kept as the account's company
 * for its next invoice.
 */
export async function resolveBuyer(userId: string, input: CompanyInput, locale: Locale): Promise<BuyerResult> {
  const found = await lookUpCompany(input.inn);
  if (found.lookup === 'liquidated') return { ok: false, errorsFld: { 'company.inn': closedCompanyMessage(locale, input.inn, found.status) } };
  const details: Partial<InvoiceParty> = found.lookup === 'found' ? fromRegister(found.company, input) : { name: input.name, address: input.address, ...(input.kpp ? { kpp: input.kpp } : {}) };

  const errorsFld: Record<string, string> = {};
  if (input.inn.length === 10 && !details.kpp) errorsFld['company.kpp'] = translate(locale, 'Validation', 'kppRequired');
  if (!details.name) errorsFld['company.name'] = translate(locale, 'Validation', 'companyNameRequired');
  if (!details.address) errorsFld['company.address'] = translate(locale, 'Validation', 'companyAddressRequired');
  if (Object.keys(errorsFld).length) return { ok: false, errorsFld };

  const buyer: InvoiceParty = { ...details, inn: input.inn, name: details.name!, address: details.address! };
  const source = found.lookup === 'found' ? 'dadata' : 'manual';
  await keepCompany(userId, buyer, source);
  return { ok: true, buyer, source };
}

/** The account's company as last used (one per account). */
async function keepCompany(userId: string, buyer: InvoiceParty, source: 'dadata' | 'manual'): Promise<void> {
  const db = await getDb();
  const values = { inn: buyer.inn, kpp: buyer.kpp ?? null, ogrn: buyer.ogrn ?? null, name: buyer.name, address: buyer.address, director: buyer.director ?? null, source, updatedAt: new Date() };
  await db.insert(companies).values({ userId, ...values }).onConflictDoUpdate({ target: companies.userId, set: values });
}
