import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as getCompany } from '@/app/api/companies/[inn]/route';
import { POST as createInvoice } from '@/app/api/invoices/route';
import { companies, invoiceCounters, invoiceEvents, invoices, leads, outboxMessages, users } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { LIMITS } from '@/server/http/rate-limit';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { startDadataStandIn } from '../e2e/dadata-stand-in.mjs';
import { bearer, signUpBuyer } from '../support/customer';
import { jsonRequest, nextAddress } from '../support/requests';
import { SELLER_SETTINGS } from '../support/seller.mjs';
import { useTestDb } from '../support/test-db';

type StandIn = Awaited<ReturnType<typeof startDadataStandIn>>;

const SBERBANK = {
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  name: 'ПАО СБЕРБАНК',
  address: '117312, г Москва, Академический р-н, ул Вавилова, д 19',
  director: 'Греф Герман Оскарович',
};
const ITEMS = [{ product: 'epc', months: 3, seats: 2 }];
const TYPED = { inn: '7707083893', kpp: '773601001', name: 'ПАО Сбербанк (typed)', address: '117312, Москва, Вавилова, 19 (typed)' };

describe('companies by INN, from DaData', () => {
  const database = useTestDb('pglite');
  let standIn: StandIn;
  let env: Record<string, string>;
  beforeAll(async () => {
    standIn = await startDadataStandIn();
    env = { ...SELLER_SETTINGS, SMTP_URL: '', SALES_EMAIL: '', TELEGRAM_BOT_TOKEN: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', DADATA_API_KEY: standIn.key, DADATA_API_BASE: standIn.url };
  });
  beforeEach(async () => {
    setEnvForTests(env);
    standIn.setMode('ok');
    standIn.requests.length = 0;
    const { db } = database.handle;
    for (const table of [invoiceEvents, outboxMessages, invoices, invoiceCounters, companies, leads, users]) await db.delete(table);
  });
  afterAll(async () => {
    setEnvForTests();
    await standIn.close();
  });

  const lookUp = (inn: string, token?: string, { lang = 'en', address = nextAddress() }: { lang?: 'ru' | 'en'; address?: string } = {}) =>
    getCompany(new Request(`http://localhost:3000/api/companies/${inn}`, { headers: { 'Accept-Language': lang, 'X-Forwarded-For': address, ...(token ? bearer(token) : {}) } }), {
      params: Promise.resolve({ inn }),
    });
  const order = (company: Record<string, string>, token: string, lang: 'ru' | 'en' = 'en') => createInvoice(jsonRequest('/api/invoices', { company, items: ITEMS }, { lang, headers: bearer(token) }));

  describe('GET /api/companies/{inn}', () => {
    it('answers an organisation’s details from the register, and a sole proprietor’s', async () => {
      const token = await signUpBuyer();
      const found = await lookUp('7707083893', token);
      expect(found.status).toBe(200);
      expect(await found.json()).toEqual({ result: { lookup: 'found', company: SBERBANK } });
      const person = await (await lookUp('772512345622', token)).json();
      expect(person.result).toEqual({
        lookup: 'found',
        company: { inn: '772512345622', kpp: '', ogrn: '318774600123452', name: 'ИП Соколова Анна Викторовна', address: '115093, г Москва', director: '' },
      });
    });

    it('says an INN the register does not have is not found, and DaData failing is unavailable', async () => {
      const token = await signUpBuyer();
      expect(await (await lookUp('7712345671', token)).json()).toEqual({ result: { lookup: 'notFound' } });
      standIn.setMode('down');
      expect(await (await lookUp('7707083893', token)).json()).toEqual({ result: { lookup: 'unavailable' } });
    });

    it('refuses a liquidated or liquidating company by its field, naming the state in the request’s language', async () => {
      const token = await signUpBuyer();
      const liquidated = await lookUp('7709123453', token);
      expect(liquidated.status).toBe(400);
      expect(await liquidated.json()).toEqual({ errors: [en.ApiErrors.invalidInput, en.CompanyLookup.liquidated], errorsFld: { inn: en.CompanyLookup.liquidated } });
      const liquidating = await lookUp('7840123459', token, { lang: 'ru' });
      expect(liquidating.status).toBe(400);
      expect((await liquidating.json()).errorsFld).toEqual({ inn: ru.CompanyLookup.liquidating });
    });

    it('checks the INN’s control digits before asking anyone', async () => {
      const token = await signUpBuyer();
      const wrong = await lookUp('7707083894', token);
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).errorsFld).toEqual({ inn: en.Validation.innChecksum });
      expect((await (await lookUp('12345', token, { lang: 'ru' })).json()).errorsFld).toEqual({ inn: ru.Validation.innFormat });
      expect(standIn.requests).toEqual([]);
    });

    it('is off without DADATA_API_KEY, asks for a token, and is rate-limited per address', async () => {
      const token = await signUpBuyer();
      expect((await lookUp('7707083893')).status).toBe(401);
      setEnvForTests({ ...env, DADATA_API_KEY: '' });
      expect(await (await lookUp('7707083893', token)).json()).toEqual({ result: { lookup: 'off' } });
      expect(standIn.requests).toEqual([]);
      const address = '198.51.100.43';
      for (let i = 0; i < LIMITS.billingIp.points; i++) expect((await lookUp('7707083893', token, { address })).status).toBe(200);
      const blocked = await lookUp('7707083893', token, { address });
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual({ errors: [en.ApiErrors.rateLimited], errorsFld: {} });
    });
  });

  describe('POST /api/invoices', () => {
    it('fills the name, KPP, address, OGRN and director left out from the register', async () => {
      const token = await signUpBuyer();
      const response = await order({ inn: '7707083893' }, token);
      expect(response.status).toBe(200);
      expect((await response.json()).result.invoice.company).toEqual(SBERBANK);
      const [kept] = await database.handle.db.select().from(companies);
      expect(kept).toMatchObject({ ...SBERBANK, source: 'dadata' });
    });

    it('puts the register’s details over the typed ones, but keeps a branch’s KPP', async () => {
      const token = await signUpBuyer();
      const response = await order({ ...TYPED, kpp: '540602001' }, token);
      expect((await response.json()).result.invoice.company).toEqual({ ...SBERBANK, kpp: '540602001' });
    });

    it('keeps a sole proprietor’s typed address: the register gives only the town', async () => {
      const token = await signUpBuyer();
      const typed = await (await order({ inn: '772512345622', address: '115093, г. Москва, ул. Павловская, д. 7, кв. 3' }, token)).json();
      expect(typed.result.invoice.company).toEqual({ inn: '772512345622', ogrn: '318774600123452', name: 'ИП Соколова Анна Викторовна', address: '115093, г. Москва, ул. Павловская, д. 7, кв. 3' });
      const registered = await (await order({ inn: '772512345622' }, token)).json();
      expect(registered.result.invoice.company.address).toBe('115093, г Москва');
    });

    it('refuses a liquidated company by `company.inn`, storing nothing', async () => {
      const token = await signUpBuyer();
      const response = await order({ inn: '7709123453', kpp: '770901001', name: 'ООО «Вектор-Авто»', address: 'Москва' }, token, 'ru');
      expect(response.status).toBe(400);
      expect((await response.json()).errorsFld).toEqual({ 'company.inn': ru.CompanyLookup.liquidated });
      expect(await database.handle.db.select().from(invoices)).toHaveLength(0);
      expect(await database.handle.db.select().from(companies)).toHaveLength(0);
    });

    it.each(['down', 'quota', 'busy'] as const)('takes the typed details when DaData is %s, and asks for them when missing', async (mode) => {
      standIn.setMode(mode);
      const token = await signUpBuyer();
      const response = await order(TYPED, token);
      expect(response.status).toBe(200);
      expect((await response.json()).result.invoice.company).toEqual(TYPED);
      const [kept] = await database.handle.db.select().from(companies).where(eq(companies.inn, TYPED.inn));
      expect(kept?.source).toBe('manual');
      const missing = await order({ inn: '7707083893' }, token);
      expect(missing.status).toBe(400);
      expect((await missing.json()).errorsFld).toEqual({
        'company.kpp': en.Validation.kppRequired,
        'company.name': en.Validation.companyNameRequired,
        'company.address': en.Validation.companyAddressRequired,
      });
    });

    it('does not keep the customer waiting past 3 seconds for a slow DaData', async () => {
      standIn.setMode({ mode: 'slow', seconds: 8 });
      const token = await signUpBuyer();
      const started = performance.now();
      const response = await order(TYPED, token);
      expect(performance.now() - started).toBeLessThan(4000);
      expect(response.status).toBe(200);
      expect((await response.json()).result.invoice.company).toEqual(TYPED);
    });

    it('takes the typed details of a company the register does not have, or with DaData off', async () => {
      const token = await signUpBuyer();
      const unknown = { inn: '7712345671', kpp: '771201001', name: 'ООО «Новая»', address: 'Москва, ул. Новая, 1' };
      expect((await (await order(unknown, token)).json()).result.invoice.company).toEqual(unknown);
      setEnvForTests({ ...env, DADATA_API_KEY: '' });
      const off = await order({ ...TYPED, kpp: '' }, token);
      expect(off.status).toBe(400);
      expect((await off.json()).errorsFld).toEqual({ 'company.kpp': en.Validation.kppRequired });
      expect(standIn.requests).toHaveLength(1);
    });
  });
});
