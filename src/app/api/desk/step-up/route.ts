import { stepUpAction } from '@/server/desk/step-up-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** The member confirms it is them (password or code) before a sensitive action. */
export const POST = deskSafely(stepUpAction);
