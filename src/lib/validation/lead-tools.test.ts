import { describe, expect, it } from 'vitest';
import * as browser from './lead-checks.browser';
import { LeadInputSchema } from '@/lib/leads/buy-demo';
import { OrderInputSchema } from '@/lib/leads/order';

const lead = { t: 'btn_demo', lang: 'en', name: 'A', phone: '+79123456789', email: 'a@b.ru', t_client: 1, consent: true };
const order = { name: 'A', phone: '+79123456789', t_client: '1', lang: 'ru', consent: 'on' };
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`) ?? [];

describe('the VIN a lead carries', () => {
  it('is stored as the VIN API reads it: normalised VIN or frame number; empty is none', () => {
    expect(LeadInputSchema.parse({ ...lead, vin: ' wvw zzz 1jz 3w386752 ' }).vin).toBe('WVWZZZ1JZ3W386752');
    expect(LeadInputSchema.parse({ ...lead, vin: 'gx100-1234567' }).vin).toBe('GX100-1234567');
    expect(LeadInputSchema.parse({ ...lead, vin: '' }).vin).toBeUndefined();
    expect(LeadInputSchema.parse(lead).vin).toBeUndefined();
    expect(OrderInputSchema.parse({ ...order, vin: '1M8GDM9AXKP042788' }).vin).toBe('1M8GDM9AXKP042788');
  });

  it('is refused where the API answers 400: bad characters, length, a required check digit, not text', () => {
    for (const vin of ['ХТА21214011580133', 'WVWZZZ1JZ3W38675', '1M8GDM9A5KP042788', 'I'.repeat(17), 'x'.repeat(10_000)]) {
      expect(messages(LeadInputSchema.safeParse({ ...lead, vin }))).toEqual(['vin:invalidVin']);
    }
    expect(messages(OrderInputSchema.safeParse({ ...order, vin: 42 }))).toEqual(['vin:invalidVin']);
  });
});

describe('the TIS set a lead carries', () => {
  it('comes as JSON or as the calculator’s query string, and is checked against the price list', () => {
    const selection = { brands: ['vag', 'ford'], months: 3, currency: 'EUR' };
    expect(LeadInputSchema.parse({ ...lead, tis: selection }).tis).toEqual(selection);
    expect(OrderInputSchema.parse({ ...order, tis: 'brands=vag%2Cford&months=3&currency=EUR' }).tis).toEqual(selection);
    expect(OrderInputSchema.parse({ ...order, tis: '' }).tis).toBeUndefined();
  });

  it.each([
    [{ brands: ['vag', 'nope'], months: 3, currency: 'RUB' }, 'invalidChoice'],
    [{ brands: [], months: 3, currency: 'RUB' }, 'required'],
    [{ brands: ['vag'], months: 2, currency: 'RUB' }, 'invalidChoice'],
    ['brands=vag&months=3&currency=USD', 'invalidChoice'],
    ['brands=&months=3&currency=RUB', 'required'],
    [42, 'invalidChoice'],
  ])('refuses %j', (tis, message) => {
    expect(messages(LeadInputSchema.safeParse({ ...lead, tis }))).toEqual([`tis:${message}`]);
  });
});

describe('the browser’s side of these checks', () => {
  it('lets the page send what it filled in and leaves the checks to the server', () => {
    expect(browser.vinForLead(' wvwzzz1jz3w386752 ')).toBe('WVWZZZ1JZ3W386752');
    expect(browser.vinForLead('GX100-1234567')).toBe('GX100-1234567');
    expect(browser.vinForLead('x'.repeat(41))).toBeUndefined();
    expect(browser.tisSelectionIssue({ brands: ['vag'], months: 3, currency: 'RUB' })).toBeUndefined();
    expect(browser.tisSelectionIssue('vag')).toBe('invalidChoice');
  });
});
