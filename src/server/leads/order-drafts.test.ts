import { describe, expect, it } from 'vitest';
import { keepOrderDraft, orderDraft } from './order-drafts';

describe('order drafts', () => {
  const body = { name: 'Пётр', phone: '12', t_client: '2', t_client_txt: 'СТО', consent: 'on', url: '/ru/epc', website: '', lang: 'ru' };

  it('keeps what the visitor typed and the fields’ errors, for its page only, under a random id', () => {
    const id = keepOrderDraft('/ru/epc', body, { phone: 'Неверный номер', lang: 'x' })!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(orderDraft(id, '/ru/epc')).toEqual({ values: { name: 'Пётр', phone: '12', t_client: '2', t_client_txt: 'СТО', consent: 'on' }, errors: { phone: 'Неверный номер' } });
    expect(orderDraft(id, '/ru/vag')).toBeUndefined();
    expect(keepOrderDraft('/ru/epc', body)).not.toBe(id);
  });

  it('forgets a draft after ten minutes, and takes no id of another shape', () => {
    const now = Date.now();
    const id = keepOrderDraft('/en/epc', body, {}, now)!;
    expect(orderDraft(id, '/en/epc', now + 9 * 60_000)).toBeDefined();
    expect(orderDraft(id, '/en/epc', now + 10 * 60_000)).toBeUndefined();
    expect(orderDraft('../x', '/en/epc')).toBeUndefined();
    expect(orderDraft(undefined, '/en/epc')).toBeUndefined();
  });

  it('keeps nothing for an empty post, and clips long values', () => {
    expect(keepOrderDraft('/ru/epc', { url: '/ru/epc' })).toBeUndefined();
    expect(keepOrderDraft('/ru/epc', undefined)).toBeUndefined();
    const id = keepOrderDraft('/ru/epc', { t_client_txt: 'я'.repeat(5000) })!;
    expect(orderDraft(id, '/ru/epc')!.values.t_client_txt).toHaveLength(2000);
  });
});
