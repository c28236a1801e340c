import 'server-only';
import { and, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { leadEvents, leads, outboxMessages, users } from '@/db/schema';
import { LEAD_DEFINITIONS } from '@/lib/leads/definitions';
import { isUuid } from '@/lib/uuid.mjs';

/**
 * What an erased lead keeps of its form: the choices that class it (kind of client, department,
 * the button it came from, the product, the not-a-business flag), as each kind's definition shows them. Every
 * other field goes, whether it names a person or not: the page with its query, the campaign, the
 * VIN, the country, a registration's firm, city and account id.
 */
const KEPT_FIELDS = [...new Set(LEAD_DEFINITIONS.flatMap((definition) => definition.fields.filter((field) => !field.personal && (field.show?.as === 'choice' || field.show?.as === 'product' || field.show?.as === 'flag')).map((field) => field.name)))];
const keptPayload = sql.raw(`jsonb_strip_nulls(jsonb_build_object(${KEPT_FIELDS.map((field) => `'${field}', payload->'${field}'`).join(', ')}))`);

/**
 * Blanks the personal data of the leads `where` picks: the contact columns, the form but its
 * choices, the staff notes of the lead and of its history, the account a registration created
 * (deleted, its sessions and confirmation links with it, and the e-mails sent to its address
 * blanked), and the queued messages (not yet sent: cancelled). Kind,
 * language, status, the consent record (without its address) and every time stay, so the figures
 * do not change. Returns the ids erased; `compactAfterErasure` then removes the old row versions.
 */
async function eraseWhere(db: Db, where: SQL, withdrawn: boolean): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = await tx.select({ id: leads.id, userId: sql<string | null>`${leads.payload}->>'user_id'` }).from(leads).where(and(where, isNull(leads.erasedAt))).for('update');
    if (!before.length) return [];
    const ids = before.map((row) => row.id);
    await tx
      .update(leads)
      .set({
        name: '',
        phone: '',
        // The links to the customer's other leads go too (phone, e-mail, and the INN with the form).
        phoneE164: null,
        email: null,
        note: null,
        clientAddress: null,
        userAgent: null,
        payload: sql`${keptPayload} || '{"erased": true}'::jsonb`,
        erasedAt: sql`now()`,
        // The consent record stays (when, which text, which form) without the address; an erasure
        // the person asked for is the withdrawal of their consent.
        consentAddress: null,
        ...(withdrawn ? { consentWithdrawnAt: sql`coalesce(${leads.consentWithdrawnAt}, now())` } : {}),
      })
      .where(inArray(leads.id, ids));
    // The history keeps who did what and when; its notes may quote the customer.
    await tx.update(leadEvents).set({ note: null }).where(inArray(leadEvents.leadId, ids));
    await tx
      .update(outboxMessages)
      .set({ payload: { erased: true }, lastError: null, status: sql`case when ${outboxMessages.status} = 'delivered' then 'delivered' else 'cancelled' end`, lockedUntil: null })
      .where(inArray(outboxMessages.leadId, ids));
    const accounts = before.map((row) => row.userId).filter(isUuid);
    if (accounts.length) {
      // The e-mails sent to the account's address (its confirmation links, its reminders) name it too.
      const addresses = await tx.select({ email: users.email }).from(users).where(inArray(users.id, accounts));
      if (addresses.length) {
        await tx
          .update(outboxMessages)
          .set({ payload: { erased: true }, lastError: null, status: sql`case when ${outboxMessages.status} = 'delivered' then 'delivered' else 'cancelled' end`, lockedUntil: null })
          .where(and(isNull(outboxMessages.leadId), sql`lower(${outboxMessages.payload}->>'to') in (${sql.join(addresses.map((row) => sql`lower(${row.email})`), sql`, `)})`));
      }
      await tx.delete(users).where(inArray(users.id, accounts));
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
