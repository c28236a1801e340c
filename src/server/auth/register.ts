import 'server-only';
import { getDb } from '@/server/database';
import { users } from '@/db/schema';
import type { RegistrationInput } from '@/lib/validation/auth';
import { hashPassword } from './passwords';
import { createSession } from './sessions';
import { findUserByEmail, isUniqueViolation } from './users';

export type RegisterResult = { ok: true; token: string } | { ok: false; reason: 'emailTaken' };

/** Creates the account (e-mail unique regardless of case) and signs it in. */
export async function registerUser(input: RegistrationInput): Promise<RegisterResult> {
  const db = await getDb();
  if (await findUserByEmail(db, input.email)) return { ok: false, reason: 'emailTaken' };
  const passwordHash = await hashPassword(input.pw);
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: input.email,
        phone: input.phone,
        nameF: input.name_f ?? null,
        nameI: input.name_i,
        firmName: input.firm_name,
        countryName: input.country_name,
        cityName: input.city_name,
        passwordHash,
      })
      .returning({ id: users.id });
    return { ok: true, token: await createSession(user!.id) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'emailTaken' };
    throw error;
  }
}
