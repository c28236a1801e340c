import { customerLogin } from '@/server/auth/login-route';

export const dynamic = 'force-dynamic';

/** Customers' sign-in (the dialog and /{locale}/auth/sign). */
export const POST = customerLogin;
