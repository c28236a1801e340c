import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users, type User } from '@/db/schema';

/**
 * The account with this e-mail, compared without regard to case by PostgreSQL's own lower() on
 * both sides (as the desk's staff look-up does), so that the login throttle, keyed by the account
 * found, sees every spelling the database takes for the same address.
 */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return user;
}

/** What the account page and `GET /api/auth/me` show (never the password hashes). */
export function publicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    name_f: user.nameF ?? '',
    name_i: user.nameI,
    firm_name: user.firmName,
    country_name: user.countryName,
    city_name: user.cityName,
    created_at: user.createdAt.toISOString(),
    email_confirmed: user.emailConfirmedAt !== null,
  };
}

/** Unique-violation (23505) from either driver, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; depth++) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}
