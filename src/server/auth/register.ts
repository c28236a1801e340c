import 'server-only';
import { getDb } from '@/server/database';
import { leads, users } from '@/db/schema';
import { registrationLeadOf, type RegistrationInput } from '@/lib/leads/registration';
import { CONSENT_VERSION } from '@/lib/validation/consent';
import { sql } from 'drizzle-orm';
import { hashPassword } from './passwords';
import { createSession } from './sessions';
import { findUserByEmail, isUniqueViolation } from './users';

export type RegisterResult = { ok: true; token: string } | { ok: false; reason: 'emailTaken' };

/**
 * Creates the account (e-mail unique regardless of case) and signs it in. The sales desk lists the
 * registration as a lead of kind `registration`, stored in the same transaction (never queued for
 * delivery: the customer is already signed in).
 */
export async function registerUser(input: RegistrationInput, lang = 'ru', clientAddress?: string): Promise<RegisterResult> {
  const db = await getDb();
  if (await findUserByEmail(db, input.email)) return { ok: false, reason: 'emailTaken' };
  const passwordHash = await hashPassword(input.pw);
  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
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
        consentAt: sql`now()`,
        consentVersion: CONSENT_VERSION,
        consentForm: 'registration',
        consentAddress: clientAddress ?? null,
      })
      .returning({ id: users.id });
      await tx.insert(leads).values({
        kind: 'registration',
        name: [input.name_i, input.name_f].filter(Boolean).join(' '),
        phone: input.phone,
        email: input.email,
        lang,
        payload: registrationLeadOf(input, created!.id),
        clientAddress: clientAddress ?? null,
        consentAt: sql`now()`,
        consentVersion: CONSENT_VERSION,
        consentForm: 'registration',
        consentAddress: clientAddress ?? null,
      });
      return created!;
    });
    return { ok: true, token: await createSession(user.id) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'emailTaken' };
    throw error;
  }
}
