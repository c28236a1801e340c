import { describe, expect, it } from 'vitest';
import { products } from '@/site/products.mjs';
import { buyDemoLead, LeadInputSchema } from './buy-demo';
import { orderLead, OrderInputSchema } from './order';

const buy = { t: 'btn_demo', lang: 'ru', name: 'Анна', phone: '+79123456789', email: 'anna@example.com', t_client: '1', consent: true };
const order = { name: 'Пётр', phone: '+79161234567', t_client: '1', lang: 'ru', consent: 'on' };

describe('the product of a lead (src/lib/validation/product.ts)', () => {
  it('is a field of the buy/demo and the order definitions, shown first as a product', () => {
    for (const definition of [buyDemoLead, orderLead]) expect(definition.fields[0]).toEqual({ name: 'product', label: 'product', show: { as: 'product' } });
  });

  it('takes every id of the product catalogue, in both forms', () => {
    for (const { id } of products) {
      expect(LeadInputSchema.parse({ ...buy, product: id }).product).toBe(id);
      expect(OrderInputSchema.parse({ ...order, product: id }).product).toBe(id);
    }
  });

  it('is none when absent or empty', () => {
    expect(LeadInputSchema.parse(buy).product).toBeUndefined();
    expect(OrderInputSchema.parse({ ...order, product: ' ' }).product).toBeUndefined();
  });

  it('refuses anything else under its own field, as unknownProduct', () => {
    for (const product of ['truck', 'VAG', 'vag ', 'tis?x=1', 'x'.repeat(60), 7]) {
      const parsed = LeadInputSchema.safeParse({ ...buy, product });
      expect(parsed.success, String(product)).toBe(product === 'vag ');
      if (!parsed.success) expect(parsed.error.issues.map((issue) => [issue.path, issue.message])).toEqual([[['product'], 'unknownProduct']]);
    }
  });
});
