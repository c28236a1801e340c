import { describe, expect, it } from 'vitest';
import { leadDetails } from './lead-view';

describe('what the desk shows of a lead', () => {
  it('carries the VIN and a TIS set checked against the price list', () => {
    const details = leadDetails('buy', { vin: 'WVWZZZ1JZ3W386752', tis: { brands: ['vag', 'ford'], months: 3, currency: 'RUB' }, t_client: '1' }, null);
    expect(details.vin).toBe('WVWZZZ1JZ3W386752');
    expect(details.tis).toEqual({ brands: ['vag', 'ford'], months: 3, currency: 'RUB' });
    expect(details.clientType).toBe('dialog1');
  });

  it('leaves out a set the price list does not know, and an empty VIN', () => {
    const details = leadDetails('demo', { vin: ' ', tis: { brands: ['no-such-brand'], months: 3, currency: 'RUB' } }, null);
    expect(details.vin).toBeUndefined();
    expect(details.tis).toBeUndefined();
  });
});
