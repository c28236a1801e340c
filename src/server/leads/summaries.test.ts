import { describe, expect, it } from 'vitest';
import { LeadInputSchema, OrderInputSchema } from '@/lib/validation';
import { leadEmail, leadTelegramText } from './format-lead';
import { buyDemoSummary, orderSummary } from './summaries';

const lead = LeadInputSchema.parse({
  t: 'btn_buy',
  lang: 'ru',
  name: 'Анна',
  phone: '+79123456789',
  email: 'anna@example.com',
  t_client: 1,
  vin: 'gx100-1234567',
  tis: { brands: ['toyota-lexus', 'lada'], months: 6, currency: 'EUR' },
});

describe('what sales read of a lead from the tools', () => {
  it('names the VIN and the TIS set with the amount from the price list, before the language and page', () => {
    const summary = buyDemoSummary(lead);
    expect(summary.vin).toBe('GX100-1234567');
    expect(summary.extra).toEqual([
      ['VIN', 'GX100-1234567'],
      ['TIS', 'Toyota / Lexus, Lada · 6 мес. · 300\u00a0€'],
    ]);
    const mail = leadEmail(summary, 'sales@example.com');
    expect(mail.text).toContain('VIN: GX100-1234567\nTIS: Toyota / Lexus, Lada · 6 мес. · 300\u00a0€\nЯзык: ru');
    expect(mail.html).toContain('<th align="left">TIS</th><td>Toyota / Lexus, Lada · 6 мес. · 300\u00a0€</td>');
    expect(leadTelegramText(summary)).toContain('<b>VIN:</b> GX100-1234567');
  });

  it('shows the same rows for the order form, and none when the lead carries nothing from the tools', () => {
    const order = OrderInputSchema.parse({ name: 'A', phone: '+79123456789', t_client: '1', lang: 'en', btn_type: 'btn_demo', vin: 'XTA21214011580133' });
    expect(orderSummary(order).extra).toEqual([
      ['VIN', 'XTA21214011580133'],
      ['Кнопка', 'btn_demo'],
    ]);
    expect(buyDemoSummary({ ...lead, vin: undefined, tis: undefined }).extra).toEqual([]);
  });
});
