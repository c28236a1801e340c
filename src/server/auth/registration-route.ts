import 'server-only';
import { RegistrationInputSchema } from '@/lib/leads/registration';
import { accountRedirect } from './redirect';
import { isCommonPassword } from './common-passwords';
import { registerUser } from './register';
import { withRefererAttribution } from '../leads/attribution';
import { guardPost } from '../http/guard';
import { siteOrigin } from '../http/request-origin';
import { refusalResponse } from '../http/read-post';
import { jsonError, jsonOk } from '../http/json-response';
import { safely } from '../http/safely';
import { translate } from '../i18n';

/**
 * Registration: creates the account, mails the link that confirms its address, and answers
 * `{ result: { token, redirect } }`; 409 when the e-mail is taken (its copy points to the reminder,
 * which mails an unconfirmed address its confirmation link: docs/decisions/044-confirmed-addresses.md).
 */
export async function registrationAction(request: Request) {
  const guarded = await guardPost(request, RegistrationInputSchema, 'authIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  if (guarded.honeypot) return jsonError(400, locale, 'invalidInput');
  // The full list of common passwords lives on the server only (the form's schema has a short one).
  if (isCommonPassword(guarded.data.pw)) {
    return jsonError(400, locale, 'invalidInput', { pw: translate(locale, 'Validation', 'passwordCommon') });
  }
  return safely(locale, async () => {
    const result = await registerUser(withRefererAttribution(guarded.data, request), locale, guarded.address, siteOrigin(request.headers, request.url));
    if (!result.ok) return jsonError(409, locale, 'emailTaken', { email: translate(locale, 'ApiErrors', 'emailTaken') });
    return jsonOk({ token: result.token, redirect: accountRedirect(result.token, locale) });
  });
}
