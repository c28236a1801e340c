import { describe, expect, it } from 'vitest';
import { RegistrationInputSchema } from './registration';

const fieldsInError = (input: Record<string, unknown>) => {
  const parsed = RegistrationInputSchema.safeParse(input);
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].sort();
};

describe('registration errors come all at once', () => {
  it('the passwords differing is reported with the other fields’ errors', () => {
    expect(fieldsInError({ email: 'a@example.com', name_i: 'Anna', pw: 'e2e details password', pw2: 'another password', consent: 'on' })).toEqual(['city_name', 'country_name', 'firm_name', 'phone', 'pw2']);
  });
  it('an empty form: every required field', () => {
    expect(fieldsInError({})).toEqual(['city_name', 'consent', 'country_name', 'email', 'firm_name', 'name_i', 'phone', 'pw', 'pw2']);
  });
  it('a second password still empty is only required, not also differing', () => {
    const parsed = RegistrationInputSchema.safeParse({ pw: 'e2e details password', pw2: '' });
    expect(parsed.success ? [] : parsed.error.issues.filter((issue) => issue.path[0] === 'pw2').map((issue) => issue.message)).toEqual(['required']);
  });
});
