import 'server-only';
import { isCommonPassword } from '../auth/common-passwords';

/** Staff open every lead: a longer minimum than customers, and none of the common passwords. */
const STAFF_PASSWORD_MIN = 12;
const STAFF_PASSWORD_MAX = 128;

export type StaffPasswordProblem = 'staffPasswordTooShort' | 'passwordTooLong' | 'passwordCommon';

/** Why a password is too weak for a staff account, or undefined when it will do. */
export function staffPasswordProblem(password: string): StaffPasswordProblem | undefined {
  if (password.length < STAFF_PASSWORD_MIN) return 'staffPasswordTooShort';
  if (password.length > STAFF_PASSWORD_MAX) return 'passwordTooLong';
  if (isCommonPassword(password) || new Set(password).size < 5) return 'passwordCommon';
  return undefined;
}

/** The same reason in words, for start-up and the command line (English, like the other setting errors). */
export const STAFF_PASSWORD_RULE = `at least ${STAFF_PASSWORD_MIN} characters, at least 5 different ones, not a common password`;
