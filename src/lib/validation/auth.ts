import * as z from 'zod/mini';
import { emailField, missingOr } from './common';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** Passwords too common to accept (the most frequent ones of public breach lists). */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '123123123', '11111111', '00000000', '87654321',
  'password', 'password1', 'password123', 'qwertyui', 'qwerty123', 'qwertyuiop', '1q2w3e4r',
  '1q2w3e4r5t', 'iloveyou', 'abcd1234', 'abc12345', 'aa123456', 'zaq12wsx', 'sunshine',
  'princess', 'football', 'baseball', 'welcome1', 'admin123', 'letmein1', 'passw0rd',
  'йцукенгш', 'пароль123', 'qwerty12', '12341234', '11223344', '88888888', '12121212',
]);

export const passwordField = z
  .string({ error: missingOr('invalidValue') })
  .check(
    z.minLength(1, 'required'),
    z.minLength(PASSWORD_MIN, 'passwordTooShort'),
    z.maxLength(PASSWORD_MAX, 'passwordTooLong'),
    z.refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), 'passwordCommon'),
  );

/** Login (`POST /api/auth/auth`). No strength rules here: old passwords must still work. */
export const LoginInputSchema = z.object({
  email: emailField,
  pw: z.string({ error: missingOr('invalidValue') }).check(z.minLength(1, 'required'), z.maxLength(PASSWORD_MAX, 'passwordTooLong')),
});

/** Password reminder (`POST /api/auth/remind`). */
export const RemindInputSchema = z.object({ email: emailField });

/** The confirmation link's token (`POST /api/auth/confirm`): 32 bytes, base64url. */
export const ConfirmInputSchema = z.object({
  token: z.string({ error: missingOr('invalidValue') }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'invalidValue')),
});

/** Asking for the confirmation link again (`POST /api/auth/confirm/resend`, signed in): nothing to send. */
export const ResendInputSchema = z.object({});
