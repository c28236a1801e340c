import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * ok: accept. fail: 500. rate-limit: 429 with `parameters.retry_after`. hang: never answer.
 * slow: answer after `slowMs`, and keep the message only if the client is still waiting
 * (a send the client gave up on did not happen). swallow: keep the message, never answer
 * (the sender cannot know it arrived). rate-limit-once: one 429 with `retry_after`, then ok.
 */
export type StubMode = 'ok' | 'fail' | 'rate-limit' | 'rate-limit-once' | 'hang' | 'slow' | 'swallow';

interface ReceivedMessage {
  token: string;
  chat_id: string;
  text: string;
  parse_mode?: string;
}

/**
 * A stand-in for the Telegram Bot API on 127.0.0.1 (random port): `POST /bot<token>/sendMessage`.
 * Scriptable (see StubMode). With `minIntervalMs` it enforces a pace per chat as Telegram does:
 * a message sooner than that after the chat's previous one gets 429 with retry_after 1.
 * Records the messages it kept, and the time and answer of every request.
 */
export async function startBotApiStub(options: { port?: number; minIntervalMs?: number } = {}) {
  let mode: StubMode = 'ok';
  let retryAfter = 1;
  let slowMs = 0;
  const messages: ReceivedMessage[] = [];
  const log: Array<{ at: number; status: number | 'none' }> = [];
  const lastAt = new Map<string, number>();
  const hanging = new Set<ServerResponse>();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
      const send = (status: number, body: unknown) => {
        log.push({ at, status });
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (mode === 'hang') {
        log.push({ at, status: 'none' });
        hanging.add(res);
        return;
      }
      if (mode === 'fail') return send(500, { ok: false, error_code: 500, description: 'Internal Server Error' });
      const tooMany = (wait: number) =>
        send(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${wait}`, parameters: { retry_after: wait } });
      if (mode === 'rate-limit') return tooMany(retryAfter);
      if (mode === 'rate-limit-once') {
        mode = 'ok';
        return tooMany(retryAfter);
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
      }
      const chat = String(body.chat_id);
      if (options.minIntervalMs !== undefined) {
        const previous = lastAt.get(chat);
        if (previous !== undefined && at - previous < options.minIntervalMs) return tooMany(1);
        lastAt.set(chat, at);
      }
      const keep = () => messages.push({ token: match[1]!, chat_id: chat, text: String(body.text), parse_mode: body.parse_mode as string | undefined });
      const accept = () => send(200, { ok: true, result: { message_id: messages.length, date: Math.floor(Date.now() / 1000), text: body.text } });
      if (mode === 'swallow') {
        keep();
        log.push({ at, status: 'none' });
        hanging.add(res);
        return;
      }
      if (mode === 'slow') {
        setTimeout(() => {
          if (res.destroyed || req.socket.destroyed) {
            log.push({ at, status: 'none' }); // the client gave up before the answer
            return;
          }
          keep();
          accept();
        }, slowMs);
        return;
      }
      keep();
      accept();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    messages,
    log,
    get requests() {
      return log.length;
    },
    /** `wait` is retry_after for rate-limit, the delay for slow. */
    setMode(next: StubMode, wait = 1) {
      mode = next;
      retryAfter = wait;
      slowMs = wait;
      if (next !== 'hang' && next !== 'swallow') {
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
