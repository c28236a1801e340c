import 'server-only';
import { and, eq, gte, max, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoiceEvents, invoices, outboxMessages, subscriptions, type InvoiceRow } from '@/db/schema';
import type { InvoiceLine } from '@/lib/billing/invoice';
import { getEnv } from '../env';
import { getLogger } from '../logger';
import { wakeOutbox } from '../outbox/worker';
import { addDays, moscowDay, periodEnd } from './calendar';

/** A product's part of an invoice: its workstations, or its TIS brands, for the invoice's months. */
interface BoughtProduct {
  product: string;
  seats: number;
  brands: string[];
  months: number;
}

/** The invoice's lines taken per product: one period each (TIS brands together). */
function boughtProducts(lines: readonly InvoiceLine[]): BoughtProduct[] {
  const byProduct = new Map<string, BoughtProduct>();
  for (const line of lines) {
    const found = byProduct.get(line.product);
    if (!found) byProduct.set(line.product, { product: line.product, seats: line.seats, brands: line.brand ? [line.brand] : [], months: line.months });
    else if (line.brand) found.brands.push(line.brand);
    else found.seats += line.seats;
  }
  return [...byProduct.values()];
}

/** What the catalogue system is told of each activation (`subscription.activated`, signed webhook). */
interface ActivationEvent {
  type: 'subscription.activated';
  timestamp: string;
  data: { inn: string; product: string; seats: number; brands: string[]; from: string; until: string; invoice: string };
}

export interface Payer {
  /** `payment:<id>` (YooKassa, a statement's line) or `staff:<id>` (a person marked it paid). */
  paidBy: string;
  /** The invoice history's actor: `yookassa`, `statement`, `staff:<id>`. */
  actor: string;
  /** When the money came: its day starts the periods. */
  paidAt: Date;
  detail?: Record<string, unknown>;
}

/**
 * Marks an issued invoice paid and starts each bought product's period, in one transaction: from
 * the payment's day, or from the day after the company's current period of that product ends (a
 * renewal adds on). Each activation is queued for the signed webhook. An invoice already paid or
 * cancelled is left as it is (`changed: false`): a repeated or late notice changes nothing.
 */
export async function markInvoicePaid(db: Db, invoiceId: string, payer: Payer): Promise<{ changed: boolean; invoice?: InvoiceRow }> {
  const env = getEnv();
  const result = await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: payer.paidAt, paidBy: payer.paidBy })
      .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'issued')))
      .returning();
    if (!paid) return { changed: false as const };
    // One company's periods are reckoned one payment at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${paid.buyer.inn}`}))`);
    const payDay = moscowDay(payer.paidAt);
    const events: ActivationEvent[] = [];
    for (const bought of boughtProducts(paid.lines)) {
      const [current] = await tx
        .select({ until: max(subscriptions.endsOn) })
        .from(subscriptions)
        .where(and(eq(subscriptions.inn, paid.buyer.inn), eq(subscriptions.product, bought.product), gte(subscriptions.endsOn, payDay)));
      const from = current?.until ? addDays(current.until, 1) : payDay;
      const until = periodEnd(from, bought.months);
      await tx.insert(subscriptions).values({ userId: paid.userId, inn: paid.buyer.inn, product: bought.product, seats: bought.seats, brands: bought.brands, startsOn: from, endsOn: until, invoiceId: paid.id });
      events.push({
        type: 'subscription.activated',
        timestamp: new Date().toISOString(),
        data: { inn: paid.buyer.inn, product: bought.product, seats: bought.seats, brands: bought.brands, from, until, invoice: paid.number },
      });
    }
    await tx.insert(invoiceEvents).values({ invoiceId: paid.id, actor: payer.actor, event: 'paid', detail: { paidBy: payer.paidBy, day: payDay, ...payer.detail } });
    if (env.WEBHOOK_URL && env.WEBHOOK_SECRET && events.length) {
      // Not tied to the invoice's lead: erasing the lead's personal data must not cancel the access paid for.
      await tx.insert(outboxMessages).values(events.map((event) => ({ channel: 'webhook-event', leadId: null, payload: { ...event, id: `subscription_${paid.id}_${event.data.product}` } })));
    }
    return { changed: true as const, invoice: paid, queued: events.length };
  });
  if (result.changed) {
    getLogger().info({ invoiceId, paidBy: payer.paidBy }, 'invoice paid: subscriptions started');
    wakeOutbox();
  }
  return result;
}
