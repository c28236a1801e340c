import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { companies, invoices, users } from '@/db/schema';

/** How many of the account's invoices the lead's page lists (newest first). */
const INVOICES_SHOWN = 10;

/**
 * The customer's account on the site with the lead's e-mail (case-folded, as accounts are unique):
 * its firm, when it was made, whether the address is confirmed, its company and invoices in billing.
 * Undefined when the lead has no e-mail or no account has it.
 */
export async function customerAccount(db: Db, email: string | null) {
  if (!email) return undefined;
  const [user] = await db
    .select({ id: users.id, firmName: users.firmName, createdAt: users.createdAt, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  if (!user) return undefined;
  const [company] = await db.select({ name: companies.name, inn: companies.inn }).from(companies).where(eq(companies.userId, user.id)).limit(1);
  const bills = await db
    .select({ id: invoices.id, number: invoices.number, status: invoices.status, issuedOn: invoices.issuedOn, dueOn: invoices.dueOn, totalKopecks: invoices.totalKopecks })
    .from(invoices)
    .where(eq(invoices.userId, user.id))
    .orderBy(desc(invoices.createdAt))
    .limit(INVOICES_SHOWN);
  return { ...user, company, invoices: bills };
}
export type CustomerAccount = NonNullable<Awaited<ReturnType<typeof customerAccount>>>;
