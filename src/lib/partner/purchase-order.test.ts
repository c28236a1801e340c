import { describe, expect, it } from 'vitest';
import { priceOrder } from '@/content/price-book';
import { InvoiceRequestSchema } from '@/lib/billing/order-schema';
import { companyBody, orderItems, priceableItems, purchaseProblems, type CompanyDraft } from './purchase-order';

const COMPANY: CompanyDraft = { inn: '7707 083 893', kpp: '773601001', name: ' ПАО Сбербанк ', address: '117312, г. Москва, ул. Вавилова, д. 19' };

describe('the partner area’s order', () => {
  it('is the body the API takes, priced by the price book as the server prices it', () => {
    const order = { seats: { tis: '7', moto: '1', epc: '2' }, brands: ['bmw-mini', 'volvo'], months: 3 as const };
    const { items, owners } = orderItems(order);
    // Catalogues in the price book's order; a key that is no catalogue is not an item.
    expect(owners).toEqual(['epc', 'moto', 'tis']);
    const body = { company: companyBody(COMPANY), items };
    expect(InvoiceRequestSchema.safeParse(body).success).toBe(true);
    expect(body.company).toEqual({ inn: '7707083893', kpp: '773601001', name: 'ПАО Сбербанк', address: COMPANY.address });
    const priced = priceOrder(items);
    // EPC 3 900 × 2 × 3 + moto 1 200 × 3 + (BMW 5 000 + Volvo 1 500) × 3.
    expect('totalKopecks' in priced && priced.totalKopecks).toBe((23_400 + 3_600 + 19_500) * 100);
    expect(purchaseProblems(COMPANY, order)).toEqual({});
  });

  it('finds what the server would refuse, by the server’s field names', () => {
    const order = { seats: { epc: '0', vag: '2.5', spec: '' }, brands: [], months: 1 as const };
    expect(purchaseProblems({ inn: '7707083894', kpp: '', name: '', address: ' ' }, order)).toEqual({
      'company.inn': 'innChecksum',
      'company.kpp': 'kppRequired',
      'company.name': 'companyNameRequired',
      'company.address': 'companyAddressRequired',
      'items.0.seats': 'invalidSeats',
      'items.1.seats': 'invalidSeats',
      'items.2.seats': 'invalidSeats',
    });
    expect(priceableItems(orderItems(order).items)).toEqual([]);
    expect(purchaseProblems({ ...COMPANY, inn: '12345', kpp: '77360100' }, { seats: {}, brands: [], months: 1 })).toEqual({
      'company.inn': 'innFormat',
      'company.kpp': 'kppFormat',
      items: 'chooseSomething',
    });
  });

  it('sends no KPP for a sole proprietor', () => {
    // A valid 12-digit INN (its two control digits agree).
    const person = { ...COMPANY, inn: '500100732259', kpp: '773601001' };
    expect(companyBody(person)).not.toHaveProperty('kpp');
    expect(purchaseProblems(person, { seats: { epc: '1' }, brands: [], months: 12 })).toEqual({});
  });
});
