import 'server-only';
import { ConfirmInputSchema, ResendInputSchema } from '@/lib/validation/auth';
import { isLocale } from '@/site/locales.mjs';
import { getDb } from '@/server/database';
import { confirmEmail, queueConfirmation } from './confirm-email';
import { confirmPage } from './confirm-page';
import { deviceSetCookie } from './login-throttle';
import { bearerToken, userForToken } from './sessions';
import { guardPost } from '../http/guard';
import { jsonError, jsonOk } from '../http/json-response';
import { requestLocale } from '../http/locale';
import { consume } from '../http/rate-limit';
import { refusalResponse } from '../http/read-post';
import { siteOrigin } from '../http/request-origin';
import { safely } from '../http/safely';
import { translate } from '../i18n';
import { wakeOutbox } from '../outbox/worker';

/** `GET /api/auth/confirm?token=…&lang=…`: the link of the e-mail; a page with the button that confirms. */
export function confirmLinkPage(request: Request): Response {
  const params = new URL(request.url).searchParams;
  const lang = params.get('lang');
  const locale = isLocale(lang) ? lang : requestLocale(request);
  const token = params.get('token') ?? '';
  return confirmPage(locale, ConfirmInputSchema.safeParse({ token }).success ? { kind: 'ask', token } : { kind: 'failed' });
}

/**
 * `POST /api/auth/confirm` (the page's form, `token`, `lang`): confirms the address; the browser
 * gets the account's device cookie, so its own reminders are never held back by strangers'.
 */
export async function confirmAction(request: Request): Promise<Response> {
  const guarded = await guardPost(request, ConfirmInputSchema, 'authIp');
  if (!guarded.ok) return guarded.refusal.status === 400 ? confirmPage(guarded.locale, { kind: 'failed' }) : refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  if (guarded.honeypot) return confirmPage(locale, { kind: 'failed' });
  const token = guarded.data.token;
  return safely(locale, async () => {
    const userId = await confirmEmail(await getDb(), token);
    if (!userId) return confirmPage(locale, { kind: 'failed' });
    return confirmPage(locale, { kind: 'done' }, { 'Set-Cookie': await deviceSetCookie('customer', userId) });
  });
}

/** `POST /api/auth/confirm/resend` (signed in): a new confirmation link, 3 an hour per account. */
export async function resendConfirmation(request: Request): Promise<Response> {
  const guarded = await guardPost(request, ResendInputSchema, 'authIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  return safely(locale, async () => {
    const user = await userForToken(bearerToken(request));
    if (!user) return jsonError(401, locale, 'unauthorized', {}, { 'WWW-Authenticate': 'Bearer' });
    if (user.emailConfirmedAt) return jsonOk({ success: true, confirmed: true });
    const limit = await consume('remindEmail', `confirm:${user.id}`);
    if (!limit.ok) return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter });
    const db = await getDb();
    if (await db.transaction((tx) => queueConfirmation(tx, user, locale, siteOrigin(request.headers, request.url)))) wakeOutbox();
    return jsonOk({ success: true, confirmed: false }, { successStr: translate(locale, 'Account', 'resent') });
  });
}
