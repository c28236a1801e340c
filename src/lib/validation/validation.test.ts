import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import { LeadInputSchema } from '@/lib/leads/buy-demo';
import { FeedbackInputSchema } from '@/lib/leads/feedback';
import { OrderInputSchema } from '@/lib/leads/order';
import { RegistrationInputSchema } from '@/lib/leads/registration';
import { HONEYPOT_FIELD } from './common';

const issueKeys = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('shared form schemas', () => {
  it('use only keys of the Validation namespace as messages', () => {
    const results = [
      FeedbackInputSchema.safeParse({ name: 1, phone: 'x', email: 'y', note: '', department: 'x', t: 'x', country_name: null }),
      LeadInputSchema.safeParse({ t_client: 'x', lang: 'de', flag_check_not_business: 3, name: 'x'.repeat(300) }),
      OrderInputSchema.safeParse({}),
      RegistrationInputSchema.safeParse({ pw: 'a', pw2: 1, email: '', phone: '+1' }),
    ];
    const keys = results.flatMap(issueKeys);
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(Object.keys(en.Validation)).toContain(key);
  });

  it('accept form-post strings and JSON numbers for t_client, and booleans for the business flag', () => {
    const base = { t: 'btn_buy', lang: 'ru', name: 'A', phone: '+7 912 345-67-89', email: 'a@b.ru', consent: true };
    const fromJson = LeadInputSchema.parse({ ...base, t_client: 1, flag_check_not_business: true });
    expect(fromJson).toMatchObject({ t_client: '1', flag_check_not_business: true });
    const fromForm = LeadInputSchema.parse({ ...base, t_client: '3', flag_check_not_business: 'on' });
    expect(fromForm).toMatchObject({ t_client: '3', flag_check_not_business: true });
    expect(LeadInputSchema.parse({ ...base, t_client: '1' }).flag_check_not_business).toBe(false);
  });

  it('want phones in international format', () => {
    const order = { name: 'A', t_client: '1', lang: 'en', consent: 'on' };
    expect(OrderInputSchema.safeParse({ ...order, phone: '+79123456789' }).success).toBe(true);
    expect(OrderInputSchema.safeParse({ ...order, phone: '89123456789' }).success).toBe(false);
    expect(OrderInputSchema.safeParse({ ...order, phone: '+7912' }).success).toBe(false);
  });

  it('name the honeypot field', () => {
    expect(HONEYPOT_FIELD).toBe('website');
  });
});
