import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { coverageOf } from '@/lib/vin/coverage';
import { decodeVin } from '@/lib/vin/decode';
import { issueValues, type VinIssue } from '@/lib/vin/issues';
import { requestAddress } from './geo';
import { addressKey } from './http/address-key';
import { refusalResponse } from './http/read-post';
import { jsonError, jsonOk } from './http/json-response';
import { requestLocale } from './http/locale';
import { consume } from './http/rate-limit';
import { translate } from './i18n';

const issueMessage = (locale: Locale, issue: VinIssue) => translate(locale, 'VinIssues', issue.code, issueValues(issue));

/**
 * The `{vin}` segment, percent-decoded exactly once, from the URL itself (so the answer does not
 * depend on whether the framework decoded `params`); a malformed escape stays as typed and is then
 * reported as a character a VIN cannot hold.
 */
function vinSegment(url: string): string {
  const { pathname } = new URL(url);
  const segment = pathname.slice(pathname.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * `GET /api/vin/{vin}`: what a VIN says (or that it is a Japanese frame number) and which of our
 * products cover the vehicle, as `{ result: { kind, …, coverage } }`; 400 with `errorsFld.vin`
 * saying what is wrong and where. Decoded offline; rate-limited per client address.
 */
export async function vinCheck(request: Request) {
  const locale = requestLocale(request);
  const limit = await consume('vinIp', addressKey(requestAddress(request.headers)));
  if (!limit.ok) return refusalResponse(locale, { status: 429, key: 'rateLimited', retryAfter: limit.retryAfter });

  const decoded = decodeVin(vinSegment(request.url));
  const issues = decoded.kind === 'frame' ? [] : decoded.issues;
  if (issues.length) return jsonError(400, locale, 'invalidInput', { vin: issues.map((issue) => issueMessage(locale, issue)).join('\n') });

  const checkDigit = decoded.kind === 'vin' ? decoded.checkDigit : undefined;
  const infoStr = checkDigit?.verdict === 'wrong' ? translate(locale, 'VinIssues', 'checkDigitNote', { actual: checkDigit.actual, expected: checkDigit.expected }) : undefined;
  return jsonOk({ ...decoded, coverage: coverageOf(decoded) }, infoStr ? { infoStr } : {});
}
