import 'server-only';
import { DeliveryError } from '../outbox/channels/types';

/** A CRM's answer: status, headers, the text and, when it parses, the JSON. */
export interface CrmAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Most of an answer read (a CRM's answer to one lead is small; a broken proxy's may not be). */
const MAX_ANSWER_CHARS = 256 * 1024;

/** `text` with every secret (a webhook key, a token, an address holding one) replaced by `***`. */
function redact(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) if (secret.length >= 4) redacted = redacted.split(secret).join('***');
  return redacted;
}

/** A failed call as the outbox records it: short, the secrets out, the remote's words clipped. */
export function crmError(message: string, secrets: readonly string[], options: { retryAfter?: number; permanent?: boolean } = {}): DeliveryError {
  return new DeliveryError(redact(message, secrets).slice(0, 400), options);
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date), 1–3600; undefined when absent. */
export function retryAfterSeconds(headers: Headers, fallback?: number): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return fallback;
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - Date.now()) / 1000);
  if (!Number.isFinite(seconds)) return fallback;
  return Math.min(3600, Math.max(1, seconds));
}

/**
 * One request to a CRM or the webhook, bounded by `timeoutMs`. No answer (refused, reset, timed
 * out) is a DeliveryError to retry, named by `label` and never by the address (it may hold a key).
 */
export async function callCrm(label: string, url: string, init: RequestInit, timeoutMs: number, secrets: readonly string[]): Promise<CrmAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `no answer within ${timeoutMs} ms`
        : error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
          : String(error);
    throw crmError(`${label}: ${reason}`, secrets);
  }
  let text: string;
  try {
    text = (await response.text()).slice(0, MAX_ANSWER_CHARS);
  } catch {
    throw crmError(`${label}: the answer (${response.status}) broke off`, secrets);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A short, single-line piece of a remote's answer for the error message. */
export const snippet = (text: string, max = 200) => text.replace(/\s+/g, ' ').trim().slice(0, max);

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
