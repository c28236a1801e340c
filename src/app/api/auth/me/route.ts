import { currentAccount } from '@/server/auth/me-route';

export const dynamic = 'force-dynamic';

/** The account of the Bearer token. */
export const GET = currentAccount;
