import { stepUpAction } from '@/server/desk/step-up-route';

export const dynamic = 'force-dynamic';

/** The member confirms it is them (password or code) before a sensitive action. */
export const POST = stepUpAction;
