import 'server-only';
import { innKind } from '@/lib/requisites/inn.mjs';
import type { Locale } from '@/site/locales.mjs';
import { getEnv } from '../env';
import { translate } from '../i18n';
import { dadataOf, findCompany, type ClosedStatus, type CompanyLookup, type RegisterCompany } from './dadata';

/** A look-up's outcome, `off` when DADATA_API_KEY is unset (the details are then typed by hand). */
export type CompanyLookupResult = CompanyLookup | { lookup: 'off' };

/** Looks a (valid) INN up in the register when DaData is set; never throws, never waits past 3 s. */
export async function lookUpCompany(inn: string): Promise<CompanyLookupResult> {
  const service = dadataOf(getEnv());
  return service ? findCompany(service, inn) : { lookup: 'off' };
}

/** Why a closed company cannot be invoiced, naming its state: a sole proprietor's closing is «ceased trading». */
export function closedCompanyMessage(locale: Locale, inn: string, status: ClosedStatus): string {
  const key = innKind(inn) === 'person' ? 'ceased' : status === 'LIQUIDATING' ? 'liquidating' : 'liquidated';
  return translate(locale, 'CompanyLookup', key);
}

/** The company as the API answers it: every field a string, empty when the register has none. */
export function apiCompany(company: RegisterCompany) {
  return { inn: company.inn, kpp: company.kpp ?? '', ogrn: company.ogrn ?? '', name: company.name, address: company.address ?? '', director: company.director ?? '' };
}
