import { deskLogin } from '@/server/desk/desk-login-route';

export const dynamic = 'force-dynamic';

/** Sales-desk sign-in (the form at /{locale}/desk/login). */
export const POST = deskLogin;
