import 'server-only';
import { eq } from 'drizzle-orm';
import { companies, type User } from '@/db/schema';
import { InvoiceRequestSchema } from '@/lib/billing/order-schema';
import type { Locale } from '@/site/locales.mjs';
import { bearerToken, userForToken } from '../auth/sessions';
import { getDb } from '../database';
import { getEnv } from '../env';
import { guardPost } from '../http/guard';
import { jsonError, jsonOk } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { refusalResponse } from '../http/read-post';
import { safely } from '../http/safely';
import { translate, translateIfKnown } from '../i18n';
import { resolveBuyer } from './buyer';
import { issueInvoice } from './issue';
import { apiInvoice } from './invoice-view';
import { invoiceOfUser, invoicesOfUser, subscriptionsOfUser } from './invoices';
import { pdfLinkSigner } from './pdf-link';
import { purchaseTerms } from './seller';
import * as z from 'zod/mini';

/** The account of the request's Bearer token, or the 401 to answer. */
export async function customerOf(request: Request, locale: Locale): Promise<{ user: User } | { refused: Response }> {
  const user = await userForToken(bearerToken(request));
  return user ? { user } : { refused: jsonError(401, locale, 'unauthorized', {}, { 'WWW-Authenticate': 'Bearer' }) };
}

/** Each problem of a nested body by its path (`company.inn`, `items.0.seats`), in the request's language. */
function nestedFieldErrors(locale: Locale, error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '_form'] ??= translateIfKnown(locale, 'Validation', issue.message) ?? issue.message;
  return fields;
}

/** `GET /api/invoices`: the account's invoices (newest first), its company and the purchase's terms. */
export async function listInvoices(request: Request) {
  const locale = requestLocale(request);
  return safely(locale, async () => {
    const customer = await customerOf(request, locale);
    if ('refused' in customer) return customer.refused;
    const db = await getDb();
    const [company] = await db.select().from(companies).where(eq(companies.userId, customer.user.id)).limit(1);
    const invoices = await invoicesOfUser(customer.user.id);
    const signed = await pdfLinkSigner();
    return jsonOk({
      invoices: invoices.map((invoice) => apiInvoice(invoice, locale, signed)),
      company: company ? { inn: company.inn, kpp: company.kpp ?? '', name: company.name, address: company.address, ogrn: company.ogrn ?? '', director: company.director ?? '' } : null,
      purchase: purchaseTerms(getEnv()),
    });
  });
}

const AnyBody = z.record(z.string(), z.unknown());

/** `POST /api/invoices`: issues an invoice for the account's company; 400 with each field's error, 503 when the purchase is off. */
export async function createInvoice(request: Request) {
  const guarded = await guardPost(request, AnyBody, 'billingIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  return safely(locale, async () => {
    const customer = await customerOf(request, locale);
    if ('refused' in customer) return customer.refused;
    if (!purchaseTerms(getEnv()).enabled) return jsonError(503, locale, 'purchaseOff');
    const parsed = InvoiceRequestSchema.safeParse(guarded.body);
    if (!parsed.success) return jsonError(400, locale, 'invalidInput', nestedFieldErrors(locale, parsed.error));
    const buyer = await resolveBuyer(customer.user.id, parsed.data.company, locale);
    if (!buyer.ok) return jsonError(400, locale, 'invalidInput', buyer.errorsFld);
    const issued = await issueInvoice({ user: customer.user, buyer: buyer.buyer, source: buyer.source, items: parsed.data.items, lang: locale, clientAddress: guarded.address });
    if (!issued.ok && issued.reason === 'off') return jsonError(503, locale, 'purchaseOff');
    if (!issued.ok) {
      const field = `items.${issued.item}.${issued.field}`;
      return jsonError(400, locale, 'invalidInput', { [field]: translate(locale, 'Validation', issued.field === 'seats' ? 'invalidSeats' : 'invalidChoice') });
    }
    return jsonOk({ invoice: apiInvoice(issued.invoice, locale, await pdfLinkSigner()) }, { successStr: translate(locale, 'ApiSuccess', 'invoiceIssued') });
  });
}

/** `GET /api/invoices/{id}`: one of the account's invoices, with the purchase's terms (whether a card pays it); any other id is 404. */
export async function getInvoice(request: Request, id: string) {
  const locale = requestLocale(request);
  return safely(locale, async () => {
    const customer = await customerOf(request, locale);
    if ('refused' in customer) return customer.refused;
    const invoice = await invoiceOfUser(customer.user.id, id);
    if (!invoice) return jsonError(404, locale, 'notFound');
    return jsonOk({ invoice: apiInvoice(invoice, locale, await pdfLinkSigner()), purchase: purchaseTerms(getEnv()) });
  });
}

/** `GET /api/subscriptions`: the account's paid periods, with the paying invoice's number. */
export async function listSubscriptions(request: Request) {
  const locale = requestLocale(request);
  return safely(locale, async () => {
    const customer = await customerOf(request, locale);
    if ('refused' in customer) return customer.refused;
    return jsonOk({ subscriptions: await subscriptionsOfUser(customer.user.id) });
  });
}
