/**
 * The API reads the partner area's pages show nothing without: asked for by their scripts, and
 * started already by their documents as they are parsed (src/components/partner/early-reads.tsx).
 */
export const ACCOUNT_READS = { user: 'api/auth/me', invoices: 'api/invoices', subscriptions: 'api/subscriptions' } as const;

/** An invoice's read, `id` encoded as in an address. */
export const invoiceRead = (id: string) => `api/invoices/${id}`;
