import 'server-only';
import { innProblem } from '@/lib/requisites/inn.mjs';
import { requestAddress } from '../geo';
import { addressKey } from '../http/address-key';
import { jsonError, jsonOk } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { consume } from '../http/rate-limit';
import { refusalResponse } from '../http/read-post';
import { safely } from '../http/safely';
import { translate } from '../i18n';
import { apiCompany, closedCompanyMessage, lookUpCompany } from './company-lookup';
import { customerOf } from './routes';

/**
 * `GET /api/companies/{inn}` (Bearer): the company of a valid INN from the register, as
 * `{ result: { lookup, company? } }`: `found` with `{ inn, kpp, ogrn, name, address, director }`,
 * `notFound`, `unavailable` (DaData slow, down or out of quota: type the details) or `off` (no
 * DADATA_API_KEY). A wrong INN, or a company liquidated or being liquidated, is 400 with
 * `errorsFld.inn`. Rate-limited per client address with the invoices.
 */
export async function getCompany(request: Request, segment: string) {
  const locale = requestLocale(request);
  const limit = await consume('billingIp', addressKey(requestAddress(request.headers)));
  if (!limit.ok) return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter });
  return safely(locale, async () => {
    const customer = await customerOf(request, locale);
    if ('refused' in customer) return customer.refused;
    const inn = segment.replace(/\s+/g, '');
    const problem = innProblem(inn);
    if (problem) return jsonError(400, locale, 'invalidInput', { inn: translate(locale, 'Validation', problem === 'format' ? 'innFormat' : 'innChecksum') });
    const found = await lookUpCompany(inn);
    if (found.lookup === 'liquidated') return jsonError(400, locale, 'invalidInput', { inn: closedCompanyMessage(locale, inn, found.status) });
    return jsonOk(found.lookup === 'found' ? { lookup: 'found', company: apiCompany(found.company) } : { lookup: found.lookup });
  });
}
