import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { invoiceEvents, payments, type User } from '@/db/schema';
import { kopecksOf, type InvoiceDocument } from '@/lib/billing/invoice';
import type { Locale } from '@/site/locales.mjs';
import { getDb } from '../database';
import { translate } from '../i18n';
import { getLogger } from '../logger';
import { applyYookassaPayment } from './card-notice';
import { invoiceOfUser } from './invoices';
import { createPayment, getPayment, paymentRecord, YookassaError, type YookassaPayment } from './yookassa';
import { paymentRequestOf, type PaymentRequest } from './yookassa-request';

export type CardStart = { ok: true; confirmationUrl: string } | { ok: false; reason: 'notFound' | 'notPayable' | 'underWay' | 'unavailable' };

interface CardStartInput {
  user: User;
  invoiceId: string;
  locale: Locale;
  /** Where YooKassa sends the customer back: the invoice's page. */
  returnUrl: string;
}

/**
 * A payment started before that is still open, fetched back: its page again when it waits for
 * the customer; a settled one is applied as its notification would be (the notification may be
 * late), and then `undefined` to start another, unless it paid the invoice.
 */
async function openPayment(externalId: string): Promise<CardStart | undefined> {
  const payment = await getPayment(externalId);
  if (!payment) return undefined;
  if (payment.status === 'pending' && payment.confirmation?.confirmation_url) return { ok: true, confirmationUrl: payment.confirmation.confirmation_url };
  if (payment.status === 'waiting_for_capture') return { ok: false, reason: 'underWay' };
  return (await applyYookassaPayment(payment)) === 'paid' ? { ok: false, reason: 'notPayable' } : undefined;
}

/**
 * The Idempotence-Key of an invoice's n-th card payment (≤ 64 characters, as YooKassa allows):
 * the same click retried sends the same key; a request that differs (from another language's
 * page) gets its own, so that one key never stands for two different requests.
 */
function idempotenceKey(invoiceId: string, attempt: number, request: PaymentRequest): string {
  return `${invoiceId}:${attempt}:${createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 16)}`;
}

/** The payment as started: its row (`pending`) and the invoice's history, once however often it is answered. */
async function recordStart(payment: YookassaPayment, invoice: InvoiceDocument, user: User): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        source: 'yookassa',
        externalId: payment.id,
        invoiceId: invoice.id,
        status: 'pending',
        amountKopecks: kopecksOf(payment.amount.value) ?? invoice.totalKopecks,
        currency: payment.amount.currency,
        raw: paymentRecord(payment),
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (row) await tx.insert(invoiceEvents).values({ invoiceId: invoice.id, actor: `customer:${user.id}`, event: 'payment.created', detail: { paymentId: payment.id, amount: payment.amount.value } });
  });
}

/**
 * Starts paying one of the account's issued invoices by card and gives YooKassa's page for it.
 * The Idempotence-Key counts the invoice's card payments so far: a click retried after YooKassa's
 * answer was lost (nothing stored) sends the same key and gets the same payment; after a
 * cancelled one the key is new. A payment still open is offered again instead of a second one.
 * Nothing is stored unless YooKassa made the payment.
 */
export async function startCardPayment({ user, invoiceId, locale, returnUrl }: CardStartInput): Promise<CardStart> {
  const invoice = await invoiceOfUser(user.id, invoiceId);
  if (!invoice) return { ok: false, reason: 'notFound' };
  if (invoice.status !== 'issued') return { ok: false, reason: 'notPayable' };
  const db = await getDb();
  const started = await db
    .select({ externalId: payments.externalId, status: payments.status })
    .from(payments)
    .where(and(eq(payments.source, 'yookassa'), eq(payments.invoiceId, invoice.id)))
    .orderBy(payments.createdAt);
  try {
    for (const open of started.filter((row) => row.status === 'pending').reverse()) {
      const found = await openPayment(open.externalId);
      if (found) return found;
    }
    const request = paymentRequestOf(invoice, returnUrl, translate(locale, 'CardPayment', 'description', { number: invoice.number }));
    const payment = await createPayment(request, idempotenceKey(invoice.id, started.length + 1, request));
    if (payment.status === 'waiting_for_capture') return { ok: false, reason: 'underWay' };
    if (payment.status !== 'pending' || !payment.confirmation?.confirmation_url) {
      // The key's payment was settled meanwhile (its row came with the notification): apply it.
      if ((await applyYookassaPayment(payment)) === 'paid') return { ok: false, reason: 'notPayable' };
      getLogger().warn({ invoiceId: invoice.id, paymentId: payment.id, status: payment.status }, 'card payment: YooKassa gave a settled payment for a new attempt');
      return { ok: false, reason: 'unavailable' };
    }
    await recordStart(payment, invoice, user);
    getLogger().info({ invoiceId: invoice.id, paymentId: payment.id }, 'card payment started');
    return { ok: true, confirmationUrl: payment.confirmation.confirmation_url };
  } catch (error) {
    if (!(error instanceof YookassaError)) throw error;
    const fields = { invoiceId: invoice.id, err: error.message };
    // Refused: the shop's keys or this request are wrong, which no retry mends; a person must look.
    if (error.kind === 'refused') getLogger().error(fields, 'card payment: YooKassa refused the payment');
    else getLogger().warn(fields, 'card payment: YooKassa did not answer');
    return { ok: false, reason: 'unavailable' };
  }
}
