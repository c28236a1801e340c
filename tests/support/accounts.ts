import { expect } from 'vitest';
import { POST as register } from '@/app/api/auth/registration/route';
import { jsonRequest } from './requests';

let accountNo = 0;

/** A new partner account, signed up through the API: its Bearer token. */
export async function signUpBuyer(): Promise<string> {
  accountNo += 1;
  const response = await register(
    jsonRequest('/api/auth/registration', {
      email: `buyer${accountNo}-${Date.now()}@example.com`,
      phone: '+79123456789',
      pw: 'a rather unusual passphrase',
      pw2: 'a rather unusual passphrase',
      name_i: 'Иван',
      firm_name: 'Firm',
      country_name: 'Россия',
      city_name: 'Казань',
      consent: true,
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()).result.token;
}
