import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { clearSnackbarErrors, showSnackbar } from '@/components/snackbar/snackbar-store';
import { isLocale, DEFAULT_LOCALE, type Locale } from '@/site/locales.mjs';
import { signInPath } from '@/lib/partner/partner-paths';
import { clearToken, readToken } from '@/lib/token-store';

/** Shortest time a request shows its sending state (the product's "fetch minimum delay"). */
const MIN_REQUEST_MS = 200;

export type FieldErrors = Record<string, string>;

export type ApiResult<T> =
  | { ok: true; status: number; result: T }
  | { ok: false; status: number; errorsFld: FieldErrors; message: string };

interface Texts {
  error500: string;
  error404: string;
  network: string;
  tooMany: string;
  tooLarge: string;
  failed: (status: number) => string;
}

interface ServerAnswer {
  result?: unknown;
  successStr?: unknown;
  infoStr?: unknown;
  errors?: unknown;
  errorsFld?: unknown;
}

/** The items of `errors` (a string or a list, possibly nested), one per line. */
export function joinErrors(errors: unknown): string {
  const list = Array.isArray(errors) ? errors.flat(Infinity as 1) : [errors];
  return list
    .filter((item) => typeof item === 'string' || typeof item === 'number')
    .map(String)
    .filter((item) => item.trim() !== '')
    .join('\n');
}

function fieldErrors(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object') return {};
  const entries = Object.entries(value as Record<string, unknown>)
    .map(([field, message]) => [field, joinErrors(message)] as const)
    .filter(([, message]) => message !== '');
  return Object.fromEntries(entries);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The status's own message when the server gave none. */
function statusMessage(status: number, texts: Texts): string {
  if (status === 500) return texts.error500;
  if (status === 404) return texts.error404;
  if (status === 429) return texts.tooMany;
  if (status === 413) return texts.tooLarge;
  return texts.failed(status);
}

/** How a call is made beyond its body. */
interface CallOptions {
  /** The send's idempotency key (`Idempotency-Key`): the same for every retry of one send. */
  key?: string;
  /** The form confirms a success itself: the answer's `successStr` is not put in the snackbar too. */
  confirmsItself?: boolean;
  /** The page says what went wrong itself: nothing goes to the snackbar. */
  quiet?: boolean;
}
type PostOptions = Omit<CallOptions, 'quiet'>;

/** The address of the page the visitor is on, for the sign-in to come back to (the partner area only). */
function currentAddress(): string | undefined {
  const { pathname, search } = window.location;
  return pathname === undefined ? undefined : `${pathname}${search ?? ''}`;
}

/**
 * The session is over (a 401): the token goes, and the sign-in page comes, with a full load on
 * purpose (every in-memory state goes with the session); a page of the partner area is come back
 * to after signing in again.
 */
export function endSession(locale: Locale): void {
  clearToken();
  window.location.assign(signInPath(locale, { session: true, back: currentAddress() }));
}

/** The read of `path` the page's document started (src/components/partner/early-reads.tsx), taken once. */
function takeEarlyRead(path: string): { at: number; response: Promise<Response> } | undefined {
  const reads = window.__epcReads;
  const read = reads?.[path];
  if (reads && read) delete reads[path];
  return read;
}

/**
 * Calls the site's API (base path '/') in the page's language, with the stored token; shows the
 * answer's messages in the snackbar (unless `quiet`) and returns the result or the field errors.
 * A read the page's document already started is answered from it, as if made here at that time.
 */
async function callApi<T>(method: 'GET' | 'POST', path: string, body: unknown, locale: Locale, texts: Texts, options: CallOptions): Promise<ApiResult<T>> {
  const address = path.replace(/^\/+/, '');
  const early = method === 'GET' ? takeEarlyRead(address) : undefined;
  const started = early?.at ?? Date.now();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': locale };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.key) headers['Idempotency-Key'] = options.key;
  const show = (message: Parameters<typeof showSnackbar>[0]) => !options.quiet && showSnackbar(message);

  let response: Response;
  try {
    const init: RequestInit = { method, headers, credentials: 'same-origin', ...(method === 'POST' ? { body: JSON.stringify(body) } : {}) };
    response = await (early?.response ?? fetch(`/${address}`, init));
  } catch {
    await wait(MIN_REQUEST_MS - (Date.now() - started));
    show({ error: texts.network });
    return { ok: false, status: 0, errorsFld: {}, message: texts.network };
  }
  const answer = ((await response.json().catch(() => ({}))) ?? {}) as ServerAnswer;
  await wait(MIN_REQUEST_MS - (Date.now() - started));

  if (response.status === 401) {
    endSession(locale);
    return { ok: false, status: 401, errorsFld: {}, message: '' };
  }

  const successStr = text(answer.successStr);
  const infoStr = text(answer.infoStr);
  if (response.ok) {
    // What failed before (a wrong password, a lost connection) is no longer so.
    if (!options.quiet) clearSnackbarErrors();
    show({ success: options.confirmsItself ? undefined : successStr, info: infoStr });
    return { ok: true, status: response.status, result: answer.result as T };
  }

  const errorsFld = fieldErrors(answer.errorsFld);
  // 500 and 404 have their fixed texts ("Server 500 error", "Server 404 (not found)"); otherwise the
  // server's errors, else the status's text.
  const fixed = response.status === 500 || response.status === 404;
  const message = fixed
    ? statusMessage(response.status, texts)
    : joinErrors(answer.errors) || (Object.keys(errorsFld).length ? '' : statusMessage(response.status, texts));
  show({ success: successStr, info: infoStr, error: message || Object.values(errorsFld).join('\n') });
  return { ok: false, status: response.status, errorsFld, message };
}

/** Posts JSON to the site's API (see callApi). */
export function postJson<T>(path: string, body: unknown, locale: Locale, texts: Texts, options: PostOptions = {}): Promise<ApiResult<T>> {
  return callApi<T>('POST', path, body, locale, texts, options);
}

/** Reads from the site's API (see callApi); `quiet` when the page shows the failure itself. */
export function getJson<T>(path: string, locale: Locale, texts: Texts, options: { quiet?: boolean } = {}): Promise<ApiResult<T>> {
  return callApi<T>('GET', path, undefined, locale, texts, options);
}

/** The API client bound to the page's language and messages. */
export function useApiClient() {
  const current = useLocale();
  const locale = isLocale(current) ? current : DEFAULT_LOCALE;
  const t = useTranslations('ApiClient');
  return useMemo(() => {
    const texts: Texts = {
      error500: t('error500'),
      error404: t('error404'),
      network: t('network'),
      tooMany: t('tooMany'),
      tooLarge: t('tooLarge'),
      failed: (status) => t('failed', { status }),
    };
    return {
      locale,
      post: <T,>(path: string, body: unknown, options?: PostOptions) => postJson<T>(path, body, locale, texts, options),
      get: <T,>(path: string, options?: { quiet?: boolean }) => getJson<T>(path, locale, texts, options),
    };
  }, [locale, t]);
}
