import 'server-only';
import { and, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leads, outboxMessages } from '@/db/schema';
import { LEAD_DEFINITIONS } from '@/lib/leads/definitions';

/**
 * Form fields that name or reach a person (or carry what they wrote), as each kind's definition
 * marks them, and the names earlier registrations were stored under: removed from the stored form.
 */
const PERSONAL_FIELDS = [...new Set([...LEAD_DEFINITIONS.flatMap((definition) => definition.fields.filter((field) => field.personal).map((field) => field.name)), 'name_f', 'name_i'])];

/**
 * Blanks the personal data of the leads `where` picks (name, phone, e-mail, comment, note, address,
 * browser) and of their queued messages; kind, language, page, status, the consent record and every
 * time stay, so the figures do not change. Messages not yet sent are cancelled. Returns the ids erased.
 */
async function eraseWhere(db: Db, where: SQL, withdrawn: boolean): Promise<string[]> {
  return db.transaction(async (tx) => {
    const erased = await tx
      .update(leads)
      .set({
        name: '',
        phone: '',
        email: null,
        note: null,
        clientAddress: null,
        userAgent: null,
        payload: sql`(${leads.payload} - ${sql.raw(`array[${PERSONAL_FIELDS.map((field) => `'${field}'`).join(',')}]`)}::text[]) || '{"erased": true}'::jsonb`,
        erasedAt: sql`now()`,
        // The consent record stays (when, which text, which form) without the address; an erasure
        // the person asked for is the withdrawal of their consent.
        consentAddress: null,
        ...(withdrawn ? { consentWithdrawnAt: sql`coalesce(${leads.consentWithdrawnAt}, now())` } : {}),
      })
      .where(and(where, isNull(leads.erasedAt)))
      .returning({ id: leads.id });
    const ids = erased.map((row) => row.id);
    if (ids.length) {
      await tx
        .update(outboxMessages)
        .set({ payload: { erased: true }, status: sql`case when ${outboxMessages.status} = 'delivered' then 'delivered' else 'cancelled' end`, lockedUntil: null })
        .where(inArray(outboxMessages.leadId, ids));
    }
    return ids;
  });
}

/** Erases one lead's personal data on the person's request (their consent withdrawn). False when it was already erased or does not exist. */
export async function eraseLead(db: Db, leadId: string): Promise<boolean> {
  return (await eraseWhere(db, sql`${leads.id} = ${leadId}`, true)).length > 0;
}

/** LEADS_RETENTION_DAYS: erases leads older than `days`, in batches; returns how many. */
export async function eraseLeadsOlderThan(db: Db, days: number, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const due = db
      .select({ id: leads.id })
      .from(leads)
      .where(and(lt(leads.createdAt, sql`now() - make_interval(days => ${days})`), isNull(leads.erasedAt)))
      .limit(batch);
    const ids = await eraseWhere(db, inArray(leads.id, due), false);
    total += ids.length;
    if (ids.length < batch) return total;
  }
}
