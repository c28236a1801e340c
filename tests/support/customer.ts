import { expect } from 'vitest';
import { POST as register } from '@/app/api/auth/registration/route';
import { jsonRequest } from './requests';

let accountNo = 0;

/** A new account (its e-mail `buyer<n>@example.com`) and its Bearer token. */
export async function signUp(): Promise<{ email: string; token: string }> {
  accountNo += 1;
  const email = `buyer${accountNo}@example.com`;
  const response = await register(
    jsonRequest('/api/auth/registration', {
      email,
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
  return { email, token: (await response.json()).result.token };
}

/** The Authorization header of a token. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new account's Bearer token alone. */
export const signUpBuyer = async (): Promise<string> => (await signUp()).token;
