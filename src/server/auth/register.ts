import 'server-only';
import { phoneToE164 } from '../phone/phone';
import { getDb } from '@/server/database';
import { leads, users } from '@/db/schema';
import { registrationLeadOf, type RegistrationInput } from '@/lib/leads/registration';
import { CONSENT_VERSION } from '@/lib/validation/consent';
import type { Locale } from '@/site/locales.mjs';
import { sql } from 'drizzle-orm';
import { wakeOutbox } from '../outbox/worker';
import { queueConfirmation } from './confirm-email';
import { hashPassword } from './passwords';
import { createSession } from './sessions';
import { findUserByEmail, isUniqueViolation } from './users';

export type RegisterResult = { ok: true; token: string } | { ok: false; reason: 'emailTaken' };

/**
 * Creates the account (e-mail unique regardless of case) and signs it in. The sales desk lists the
 * registration as a lead of kind `registration`, stored in the same transaction (never queued for
 * delivery: the customer is already signed in). The account works at once; the same transaction
 * queues the e-mail with the link that confirms the address (src/server/auth/confirm-email.ts),
 * which a password reminder needs. `origin`: the site's address for the link.
 */
export async function registerUser(input: RegistrationInput, lang: Locale = 'ru', clientAddress?: string, origin?: string): Promise<RegisterResult> {
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
      .returning({ id: users.id, email: users.email });
      await tx.insert(leads).values({
        kind: 'registration',
        name: [input.name_i, input.name_f].filter(Boolean).join(' '),
        phone: input.phone,
        phoneE164: phoneToE164(input.phone) ?? null,
        email: input.email,
        lang,
        payload: registrationLeadOf(input, created!.id),
        clientAddress: clientAddress ?? null,
        consentAt: sql`now()`,
        consentVersion: CONSENT_VERSION,
        consentForm: 'registration',
        consentAddress: clientAddress ?? null,
      });
      const queued = await queueConfirmation(tx, created!, lang, origin);
      return { ...created!, queued };
    });
    if (user.queued) wakeOutbox();
    return { ok: true, token: await createSession(user.id) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'emailTaken' };
    throw error;
  }
}
