import { confirmAction, confirmLinkPage } from '@/server/auth/confirm-route';

export const dynamic = 'force-dynamic';

/** The link that confirms an account's address: its page (GET) and its button (POST). */
export const GET = confirmLinkPage;
export const POST = confirmAction;
