import { createInvoice, listInvoices } from '@/server/billing/routes';

export const dynamic = 'force-dynamic';

/** The account's invoices; a new one. */
export const GET = listInvoices;
export const POST = createInvoice;
