import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server';

/** Sends raw bytes and resolves with what came back by the time the server closed or `waitMs` passed. */
function raw(url: string, request: string, waitMs = 3000): Promise<{ text: string; closed: boolean; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, ms: Date.now() - started });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      // One whole answer with Connection: close is enough; keep-alive answers end at their body.
      if (/\r\n\r\n/.test(text) && /connection: close/i.test(text)) done(true);
    });
    socket.on('end', () => done(true));
    socket.on('error', () => done(true));
  });
}

const status = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);

describe('every request through the edge ends in an answer', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ DATA_DIR: `.e2e-data/edge-${process.pid}` });
  }, 600_000);
  afterAll(() => app?.kill('SIGTERM'));

  it.each([
    ['a target the URL parser refuses', 'GET //[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    ['an absolute target with a broken host', 'GET http://[::1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    ['a cookie that cannot be decoded, on a page', 'GET /en HTTP/1.1\r\nHost: x\r\nCookie: i18n_redirected=%zz\r\nConnection: close\r\n\r\n', 200],
    ['a cookie that cannot be decoded, on an unprefixed URL', 'GET /about HTTP/1.1\r\nHost: x\r\nCookie: i18n_redirected=%zz\r\nConnection: close\r\n\r\n', 307],
    ['an absolute target', 'GET http://x/en/pay HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 200],
    ['an invoice page with its id', 'GET /ru/auth/account/invoices/0b7c6f0e-2c5a-4c7e-9a51-0e6f6a1d2b3c HTTP/1.1\r\nHost: x\r\nCookie: i18n_redirected=%zz\r\nConnection: close\r\n\r\n', 200],
    ['an invoice page whose id is not one', 'GET /ru/auth/account/invoices/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 404],
  ])('%s: %d', async (_name, request, expected) => {
    const answer = await raw(app.url, request);
    expect(answer.closed).toBe(true);
    expect(status(answer.text)).toBe(expected);
  });

  it('200 malformed requests at once leave no socket hanging', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => raw(app.url, `GET ${i % 2 ? '//[' : 'http://[::1'} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)));
    expect(answers.filter((answer) => !answer.closed)).toHaveLength(0);
    expect(new Set(answers.map((answer) => status(answer.text)))).toEqual(new Set([400]));
  });

  it('cuts off a client that never finishes its headers (10 s, checked every 2 s)', async () => {
    const answer = await raw(app.url, 'GET /en HTTP/1.1\r\nHost: x\r\nX-Slow: ', 20_000);
    expect(answer.closed).toBe(true);
    expect(answer.ms).toBeGreaterThanOrEqual(9_000);
    expect(answer.ms).toBeLessThan(15_000);
  }, 30_000);
});
