import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_ID, EarlyReads } from './early-reads';

type Reads = Record<string, { at: number; response: Promise<Response> }>;

/** Runs the component's script as the page's parser would, in a page at `pathname` with `storage`. */
function runScript(paths: string[], pathname: string, storage: { getItem: (key: string) => string | null }) {
  const html = renderToStaticMarkup(createElement(EarlyReads, { locale: 'en', paths }));
  const script = /^<script data-eager="">([\s\S]*)<\/script>$/.exec(html)?.[1];
  if (!script) throw new Error(`not a lone eager script: ${html}`);
  const page: { __epcReads?: Reads } = {};
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => new Response('{}'));
  new Function('window', 'localStorage', 'location', 'fetch', script)(page, storage, { pathname }, fetch);
  return { reads: page.__epcReads, fetch };
}

describe('EarlyReads', () => {
  it('starts each read with the stored token and the page language, kept by its path; the id from the address encoded as the page encodes it', () => {
    const { reads, fetch } = runScript(['api/auth/me', `api/invoices/${ADDRESS_ID}`], '/en/auth/account/invoices/a%20b', { getItem: (key) => (key === 'epc_token' ? 'tok' : null) });
    expect(Object.keys(reads ?? {})).toEqual(['api/auth/me', 'api/invoices/a%20b']);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me', '/api/invoices/a%20b']);
    expect(fetch.mock.calls[0]?.[1]).toEqual({ headers: { Accept: 'application/json', 'Accept-Language': 'en', Authorization: 'Bearer tok' }, credentials: 'same-origin' });
  });

  it('starts nothing without a token, or when the storage cannot be read', () => {
    const signedOut = runScript(['api/auth/me'], '/en/auth/account', { getItem: () => null });
    expect(signedOut.reads).toBeUndefined();
    expect(signedOut.fetch).not.toHaveBeenCalled();
    const refused = runScript(['api/auth/me'], '/en/auth/account', {
      getItem: () => {
        throw new Error('SecurityError');
      },
    });
    expect(refused.reads).toBeUndefined();
    expect(refused.fetch).not.toHaveBeenCalled();
  });
});
