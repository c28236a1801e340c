import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachSnackbar, snackbarKind, type SnackbarMessage } from '@/components/snackbar/snackbar-store';
import { isChunkError as isChunkLoadError } from '@/enhancer/chunk-reload.mjs';
import { getJson, joinErrors, postJson } from './api-client';

const texts = {
  error500: 'Server 500 error',
  error404: 'Server 404 (not found)',
  network: 'No connection',
  tooMany: 'Too many',
  tooLarge: 'Too large',
  failed: (status: number) => `Failed ${status}`,
};

function stubWindow(token?: string, page?: { pathname: string; search: string }) {
  const assign = vi.fn();
  vi.stubGlobal('window', {
    localStorage: { getItem: () => token ?? null, removeItem: vi.fn(), setItem: vi.fn() },
    location: { assign, ...page },
  });
  return assign;
}

/** What the snackbar was given (it has one listener). */
const shown: SnackbarMessage[] = [];
attachSnackbar((message) => shown.push(message));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('joinErrors', () => {
  it('flattens nested lists, one item per line', () => {
    expect(joinErrors(['a', ['b', ['c']], '', 3])).toBe('a\nb\nc\n3');
    expect(joinErrors('single')).toBe('single');
    expect(joinErrors(undefined)).toBe('');
  });
});

describe('snackbarKind', () => {
  it('prefers success over info over error', () => {
    expect(snackbarKind({ error: 'e', info: 'i', success: 's' })).toBe('success');
    expect(snackbarKind({ error: 'e', info: 'i' })).toBe('info');
    expect(snackbarKind({ error: 'e' })).toBe('error');
    expect(snackbarKind({})).toBeUndefined();
  });
});

describe('isChunkLoadError', () => {
  it('knows webpack, Turbopack and native import failures', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: '' })).toBe(true);
    expect(isChunkLoadError(new Error('Failed to load chunk /_next/static/chunks/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});

describe('postJson', () => {

  it('sends JSON with the language and the token; returns the result and shows successStr', async () => {
    stubWindow('tok');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ result: { success: true }, successStr: 'Done' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const result = await postJson('/api/telega/send', { a: 1 }, 'en', texts);
    expect(result).toEqual({ ok: true, status: 200, result: { success: true } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/telega/send');
    expect(init.headers).toMatchObject({ 'Accept-Language': 'en', Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
    expect(shown.at(-1)).toMatchObject({ success: 'Done' });
  });

  it("carries the send's idempotency key; a form that confirms itself keeps successStr out of the snackbar", async () => {
    stubWindow();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ result: { success: true }, successStr: 'Sent', infoStr: 'Note' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    shown.length = 0;
    await postJson('api/telega/send', {}, 'ru', texts, { key: 'k-1234567890abcdef', confirmsItself: true });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'Idempotency-Key': 'k-1234567890abcdef' });
    expect(shown).toEqual([{ success: undefined, info: 'Note' }]);
  });

  it('returns field errors and shows the joined errors', async () => {
    stubWindow();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ errors: [['x', 'y']], errorsFld: { email: 'bad' } }), { status: 400 }));
    const result = await postJson('api/auth/auth', {}, 'ru', texts);
    expect(result).toEqual({ ok: false, status: 400, errorsFld: { email: 'bad' }, message: 'x\ny' });
    expect(shown.at(-1)).toMatchObject({ error: 'x\ny' });
  });

  it.each([
    [500, 'Server 500 error'],
    [404, 'Server 404 (not found)'],
    [429, 'Too many'],
    [413, 'Too large'],
    [418, 'Failed 418'],
  ])('HTTP %i shows %s', async (status, text) => {
    stubWindow();
    vi.stubGlobal('fetch', async () => new Response('oops', { status }));
    const result = await postJson('api/x', {}, 'en', texts);
    expect(result).toMatchObject({ ok: false, status, message: text });
  });

  it('a network failure says so', async () => {
    stubWindow();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await postJson('api/x', {}, 'en', texts)).toMatchObject({ ok: false, status: 0, message: 'No connection' });
  });

  it('401 clears the token and goes to the sign-in page', async () => {
    const assign = stubWindow('old');
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }));
    await postJson('api/x', {}, 'en', texts);
    expect(assign).toHaveBeenCalledWith('/en/auth/sign?message=session');
  });

  it('401 on a page of the partner area comes back to it after signing in again', async () => {
    const assign = stubWindow('old', { pathname: '/ru/auth/account/invoices/x', search: '?paid=card' });
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 401 }));
    await postJson('api/x', {}, 'ru', texts);
    expect(assign).toHaveBeenCalledWith(`/ru/auth/sign?message=session&next=${encodeURIComponent('/ru/auth/account/invoices/x?paid=card')}`);
  });
});

describe('getJson', () => {

  it('reads with the language and the token, without a body', async () => {
    stubWindow('tok');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ result: { invoices: [] } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await getJson('/api/invoices', 'ru', texts)).toEqual({ ok: true, status: 200, result: { invoices: [] } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/invoices');
    expect(init).toMatchObject({ method: 'GET', headers: { 'Accept-Language': 'ru', Authorization: 'Bearer tok' } });
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('answers a read the document of the page started from that read, once; then reads for itself', async () => {
    stubWindow('tok');
    const early = new Response(JSON.stringify({ result: { user: { email: 'a@example.com' } } }), { status: 200 });
    window.__epcReads = { 'api/auth/me': { at: Date.now() - 1000, response: Promise.resolve(early) } };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ result: { user: { email: 'b@example.com' } } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const started = Date.now();
    expect(await getJson('api/auth/me', 'ru', texts)).toEqual({ ok: true, status: 200, result: { user: { email: 'a@example.com' } } });
    // Its shortest sending time counts from when the document started it, long past.
    expect(Date.now() - started).toBeLessThan(150);
    expect(fetch).not.toHaveBeenCalled();
    expect(await getJson('/api/auth/me', 'ru', texts)).toMatchObject({ result: { user: { email: 'b@example.com' } } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an early read that finds the session over ends it, as its own read would; a send never takes one', async () => {
    const assign = stubWindow('tok', { pathname: '/ru/auth/account', search: '' });
    window.__epcReads = { 'api/invoices': { at: Date.now(), response: Promise.resolve(new Response('{}', { status: 401 })) } };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ result: {} }), { status: 200 })));
    expect(await postJson('api/invoices', {}, 'ru', texts)).toMatchObject({ ok: true });
    expect(window.__epcReads).toHaveProperty(['api/invoices']);
    expect(await getJson('api/invoices', 'ru', texts)).toMatchObject({ ok: false, status: 401 });
    expect(assign).toHaveBeenCalledWith('/ru/auth/sign?message=session&next=%2Fru%2Fauth%2Faccount');
  });

  it('quiet: the field errors come back and nothing goes to the snackbar', async () => {
    stubWindow('tok');
    shown.length = 0;
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ errors: ['Liquidated'], errorsFld: { inn: 'Liquidated' } }), { status: 400 }));
    expect(await getJson('/api/companies/7707083893', 'en', texts, { quiet: true })).toEqual({ ok: false, status: 400, errorsFld: { inn: 'Liquidated' }, message: 'Liquidated' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await getJson('/api/companies/7707083893', 'en', texts, { quiet: true })).toMatchObject({ ok: false, status: 0 });
    expect(shown).toEqual([]);
  });
});
