import 'server-only';
import { RemindInputSchema } from '@/lib/validation/auth';
import { startReminder } from './remind';
import { guardPost } from '../http/guard';
import { refusalResponse } from '../http/read-post';
import { jsonOk } from '../http/json-response';
import { consume } from '../http/rate-limit';
import { safely } from '../http/safely';
import { translate } from '../i18n';
import { normalisedLogin } from './login-throttle';

/**
 * Password reminder: the same answer, in the same time, whether or not the e-mail has an account
 * (honeypot too): the reminder itself runs after the answer.
 */
export async function remindAction(request: Request) {
  const guarded = await guardPost(request, RemindInputSchema, 'authIp');
  if (!guarded.ok) return refusalResponse(guarded.locale, guarded.refusal);
  const { locale } = guarded;
  const success = () => jsonOk({ success: true }, { successStr: translate(locale, 'ApiSuccess', 'remindSent') });
  if (guarded.honeypot) return success();
  return safely(locale, async () => {
    const limit = await consume('remindEmail', normalisedLogin(guarded.data.email));
    if (!limit.ok) return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter });
    startReminder(guarded.data.email, locale);
    return success();
  });
}
