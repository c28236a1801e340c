import 'server-only';
import type * as z from 'zod/mini';
import type { Locale } from '@/site/locales.mjs';
import { translate } from '../i18n';

const NO_STORE = { 'Cache-Control': 'no-store' };

export type ApiErrorKey =
  | 'invalidInput'
  | 'invalidJson'
  | 'tooLarge'
  | 'rateLimited'
  | 'badCredentials'
  | 'emailTaken'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'crossOrigin'
  | 'unavailable'
  | 'server'
  | 'accountLocked'
  | 'enrolmentLinkNeeded'
  | 'stepUpRequired'
  | 'mustChangePassword'
  | 'unsupportedMediaType'
  | 'purchaseOff'
  | 'invoiceRepeatUnavailable';

/** 200 `{ result, successStr? }`. */
export function jsonOk(result: unknown, extra: { successStr?: string; infoStr?: string } = {}): Response {
  return Response.json({ result, ...extra }, { headers: NO_STORE });
}

/** A refusal in the contract's format: `{ errors: [...], errorsFld: { field: message } }`. */
export function jsonError(
  status: number,
  locale: Locale,
  key: ApiErrorKey,
  errorsFld: Record<string, string> = {},
  headers: Record<string, string> = {},
): Response {
  const fieldMessages = [...new Set(Object.values(errorsFld))];
  const errors = [translate(locale, 'ApiErrors', key), ...fieldMessages];
  return Response.json({ errors, errorsFld }, { status, headers: { ...NO_STORE, ...headers } });
}

export function fieldErrors(locale: Locale, error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_form';
    fields[field] ??= translate(locale, 'Validation', issue.message);
  }
  return fields;
}
