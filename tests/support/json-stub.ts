import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a stand-in sees it: method, path with query, headers and the raw body. */
export interface StubRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface StubAnswer {
  status: number;
  body?: unknown;
  /** Sent as is (a broken proxy's page, malformed JSON). */
  raw?: string;
  headers?: Record<string, string>;
}

/**
 * An HTTP server on 127.0.0.1 (random port) for the stand-ins of remote services: each request is
 * read whole and answered by `handle` (at once or later); `undefined` means never answer (closed when the stand-in is).
 */
export async function startJsonStub(handle: (request: StubRequest) => StubAnswer | undefined | Promise<StubAnswer | undefined>) {
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const answer = await handle({ method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://127.0.0.1'), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (!answer) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
      res.writeHead(answer.status, { ...(text && answer.raw === undefined ? { 'content-type': 'application/json' } : {}), ...answer.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The failures the CRM stand-ins play, besides `ok`. */
export type CrmStubMode =
  | 'ok'
  /** 500 from the server. */
  | 'fail'
  /** The service's rate limit (Bitrix24: 503 QUERY_LIMIT_EXCEEDED; amoCRM: 429 with Retry-After). */
  | 'rate-limit'
  /** The same limit in a 200 answer (Bitrix24 answers so behind some proxies). */
  | 'rate-limit-200'
  /** The key or token is revoked: 401. */
  | 'unauthorized'
  /** 403: the key lacks the scope. */
  | 'forbidden'
  /** Never answers. */
  | 'hang'
  /** 200 with a body that is not JSON. */
  | 'malformed'
  /** 400 naming a field it will never take. */
  | 'bad-field'
  /** Keeps the lead it was asked to add, then answers 500: the sender cannot know it arrived. */
  | 'swallow-add';
