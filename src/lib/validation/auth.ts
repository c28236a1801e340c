import { z } from 'zod';
import { emailField, optionalText, phoneField, requiredText } from './common';

export { HONEYPOT_FIELD } from './honeypot';

const password = z.string().min(1, 'required').max(200, 'tooLong');

export const LoginInputSchema = z.object({ email: emailField, pw: password });
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RemindInputSchema = z.object({ email: emailField });
export type RemindInput = z.infer<typeof RemindInputSchema>;

export const RegistrationInputSchema = z
  .object({
    email: emailField,
    phone: phoneField,
    pw: z.string().min(6, 'tooShort').max(200, 'tooLong'),
    pw2: password,
    name_f: optionalText(100),
    name_i: requiredText(100),
    firm_name: requiredText(),
    country_name: requiredText(100),
    city_name: requiredText(100),
  })
  .refine((value) => value.pw === value.pw2, { message: 'passwordsDiffer', path: ['pw2'] });
export type RegistrationInput = z.infer<typeof RegistrationInputSchema>;
