import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';

/** Issue messages are keys of the `Validation` message namespace. */
export const requiredText = (max = 200) => z.string().trim().min(1, 'required').max(max, 'tooLong');
export const optionalText = (max = 2000) => z.string().trim().max(max, 'tooLong').optional();
export const emailField = z.string().trim().min(1, 'required').max(200, 'tooLong').email('invalidEmail');
export const phoneField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(40, 'tooLong')
  .refine((value) => isPossiblePhoneNumber(value), 'invalidPhone');
