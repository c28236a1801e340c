import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubMode = 'ok' | 'fail' | 'rate-limit' | 'hang';

export interface ReceivedMessage {
  token: string;
  chat_id: string;
  text: string;
  parse_mode?: string;
}

/**
 * A stand-in for the Telegram Bot API on 127.0.0.1 (random port): `POST /bot<token>/sendMessage`.
 * Scriptable: answer 200, 500, 429 with `parameters.retry_after`, or never answer.
 * Records the messages it accepted (and counts every request).
 */
export async function startBotApiStub(options: { port?: number } = {}) {
  let mode: StubMode = 'ok';
  let retryAfter = 1;
  const messages: ReceivedMessage[] = [];
  let requests = 0;
  const hanging = new Set<ServerResponse>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (mode === 'fail') return send(500, { ok: false, error_code: 500, description: 'Internal Server Error' });
      if (mode === 'rate-limit') {
        return send(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      messages.push({ token: match[1]!, chat_id: String(body.chat_id), text: String(body.text), parse_mode: body.parse_mode as string | undefined });
      send(200, { ok: true, result: { message_id: messages.length, date: Math.floor(Date.now() / 1000), text: body.text } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    messages,
    get requests() {
      return requests;
    },
    setMode(next: StubMode, nextRetryAfter = 1) {
      mode = next;
      retryAfter = nextRetryAfter;
      if (next !== 'hang') {
        for (const res of hanging) res.destroy();
        hanging.clear();
      }
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type BotApiStub = Awaited<ReturnType<typeof startBotApiStub>>;
