import { deskLogin } from '@/server/desk/desk-login-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** Sales-desk sign-in (the form at /{locale}/desk/login). */
export const POST = deskSafely(deskLogin);
