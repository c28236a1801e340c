import 'server-only';
import { and, between, eq, exists, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { invoiceEvents, invoices, outboxMessages, subscriptions } from '@/db/schema';
import { isLocale } from '@/site/locales.mjs';
import type { Env } from '../env';
import { describeError, getLogger } from '../logger';
import { mailSettings } from '../outbox/config';
import { wakeOutbox } from '../outbox/worker';
import { addDays, moscowDay } from './calendar';
import { renewalLetter, type EndingPeriod } from './renewal-letter';

const HOUR = 3_600_000;
/** Most invoices one run reminds of (the next run takes the rest). */
const BATCH = 100;

const later = alias(subscriptions, 'later');

/** Periods that end between `from` and `to` (both included) and that no later period of the same product follows for the INN (not yet renewed). */
function endingUnrenewed(db: Db, from: string, to: string) {
  const renewed = db
    .select({ one: sql`1` })
    .from(later)
    .where(and(eq(later.inn, subscriptions.inn), eq(later.product, subscriptions.product), gt(later.startsOn, subscriptions.endsOn)));
  return and(between(subscriptions.endsOn, from, to), notExists(renewed));
}

/**
 * Queues the renewal reminders due today: each paid invoice with a period that ends within
 * SUBSCRIPTION_RENEWAL_DAYS and is not yet renewed gets one e-mail to its buyer, ever. The
 * invoices are claimed (`renewal_mailed_at`, rows locked and skipped by a run beside this one) in
 * the transaction that queues their e-mails, so two instances never send one twice and a failure
 * sends none. Without SMTP nothing is claimed: the reminders wait for mail to be set up.
 * Returns how many were queued.
 */
export async function queueRenewalReminders(db: Db, env: Env, today = moscowDay()): Promise<number> {
  if (!mailSettings(env)) return 0;
  const to = addDays(today, env.SUBSCRIPTION_RENEWAL_DAYS);
  const site = { name: env.NEXT_PUBLIC_SITE_NAME, url: env.NEXT_PUBLIC_SITE_URL };
  const queued = await db.transaction(async (tx) => {
    const ending = tx.select({ one: sql`1` }).from(subscriptions).where(and(eq(subscriptions.invoiceId, invoices.id), endingUnrenewed(tx, today, to)));
    const due = tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.status, 'paid'), isNull(invoices.renewalMailedAt), exists(ending)))
      .orderBy(invoices.paidAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(invoices)
      .set({ renewalMailedAt: sql`now()` })
      .where(and(inArray(invoices.id, due), isNull(invoices.renewalMailedAt)))
      .returning();
    if (!claimed.length) return 0;
    const periods = await tx
      .select({ invoiceId: subscriptions.invoiceId, product: subscriptions.product, until: subscriptions.endsOn })
      .from(subscriptions)
      .where(and(inArray(subscriptions.invoiceId, claimed.map((row) => row.id)), endingUnrenewed(tx, today, to)))
      .orderBy(subscriptions.endsOn, subscriptions.product);
    for (const row of claimed) {
      const ending: EndingPeriod[] = periods
        .filter((period) => period.invoiceId === row.id)
        .map((period) => ({ lines: row.lines.filter((line) => line.product === period.product), until: period.until }));
      const letter = renewalLetter(row, ending, isLocale(row.lang) ? row.lang : 'ru', site);
      // A customer's e-mail about their subscription, not a message of the lead: erasing the lead leaves it be.
      await tx.insert(outboxMessages).values({ channel: 'email', leadId: null, payload: { to: row.buyerEmail, ...letter } });
      await tx.insert(invoiceEvents).values({ invoiceId: row.id, actor: 'system', event: 'reminded', detail: { until: ending.map((period) => period.until).sort()[0] ?? null } });
    }
    return claimed.length;
  });
  if (queued) {
    getLogger().info({ reminders: queued }, 'renewal reminders queued');
    wakeOutbox();
  }
  return queued;
}

/** The reminders at start and then every hour, in every instance (the claim keeps them to one e-mail each). */
export function startRenewalReminders(db: () => Promise<Db>, env: Env): { stop(): void } {
  const run = async () => {
    try {
      await queueRenewalReminders(await db(), env);
    } catch (error) {
      getLogger().error({ err: describeError(error) }, 'renewal reminders failed');
    }
  };
  void run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
