import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { clearSnackbarErrors, showSnackbar } from '@/components/snackbar/snackbar-store';
import { isLocale, DEFAULT_LOCALE, type Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
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

/** How a post is made beyond its body. */
interface PostOptions {
  /** The send's idempotency key (`Idempotency-Key`): the same for every retry of one send. */
  key?: string;
  /** The form confirms a success itself: the answer's `successStr` is not put in the snackbar too. */
  confirmsItself?: boolean;
}

/**
 * Posts JSON to the site's API (base path '/') in the page's language, with the stored token;
 * shows the answer's messages in the snackbar and returns the result or the field errors.
 */
export async function postJson<T>(path: string, body: unknown, locale: Locale, texts: Texts, options: PostOptions = {}): Promise<ApiResult<T>> {
  const started = Date.now();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': locale,
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.key) headers['Idempotency-Key'] = options.key;

  let response: Response;
  try {
    response = await fetch(`/${path.replace(/^\/+/, '')}`, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    await wait(MIN_REQUEST_MS - (Date.now() - started));
    showSnackbar({ error: texts.network });
    return { ok: false, status: 0, errorsFld: {}, message: texts.network };
  }
  const answer = ((await response.json().catch(() => ({}))) ?? {}) as ServerAnswer;
  await wait(MIN_REQUEST_MS - (Date.now() - started));

  if (response.status === 401) {
    clearToken();
    // A full load on purpose: the session is over and every in-memory state with it.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`${localizedPath(locale, 'auth/sign')}?message=session`);
    return { ok: false, status: 401, errorsFld: {}, message: '' };
  }

  const successStr = text(answer.successStr);
  const infoStr = text(answer.infoStr);
  if (response.ok) {
    // What failed before (a wrong password, a lost connection) is no longer so.
    clearSnackbarErrors();
    showSnackbar({ success: options.confirmsItself ? undefined : successStr, info: infoStr });
    return { ok: true, status: response.status, result: answer.result as T };
  }

  const errorsFld = fieldErrors(answer.errorsFld);
  // 500 and 404 have their fixed texts ("Server 500 error", "Server 404 (not found)"); otherwise the
  // server's errors, else the status's text.
  const fixed = response.status === 500 || response.status === 404;
  const message = fixed
    ? statusMessage(response.status, texts)
    : joinErrors(answer.errors) || (Object.keys(errorsFld).length ? '' : statusMessage(response.status, texts));
  showSnackbar({ success: successStr, info: infoStr, error: message || Object.values(errorsFld).join('\n') });
  return { ok: false, status: response.status, errorsFld, message };
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
    return { locale, post: <T,>(path: string, body: unknown, options?: PostOptions) => postJson<T>(path, body, locale, texts, options) };
  }, [locale, t]);
}
