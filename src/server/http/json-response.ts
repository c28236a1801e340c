import 'server-only';
import type * as z from 'zod/mini';
import type { Catalog } from '@/i18n/compiled-messages';
import type { Locale } from '@/site/locales.mjs';
import { translate, translateIfKnown } from '../i18n';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** A refusal's message: any key of `ApiErrors` in the messages. */
export type ApiErrorKey = keyof Catalog['ApiErrors'];

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
    fields[field] ??= translateIfKnown(locale, 'Validation', issue.message) ?? issue.message;
  }
  return fields;
}
