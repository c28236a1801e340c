import { randomInt } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFront } from './support/front-nginx.mjs';
import { startAppServer, type AppServer } from './support/app-server';

/** The body cap of a post (src/server/http/read-body.ts). */
const CAP = 64 * 1024;

type Answer = { status: number; headers: string; close: boolean; ms: number };

/**
 * A client on one raw kept-alive connection, as a pooling proxy is: it sends a request, stops
 * sending its body once an answer has come (RFC 9112 §9.3 lets it), and sends its next request on
 * the same connection unless the answer said `Connection: close` or the connection ended.
 */
class RawConnection {
  private readonly socket: Socket;
  private buffer = Buffer.alloc(0);
  private waiting?: () => void;
  ended = false;
  readonly opened: Promise<void>;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    const end = () => {
      this.ended = true;
      this.waiting?.();
    };
    this.socket.on('end', end);
    this.socket.on('close', end);
    this.socket.on('error', () => {});
  }

  /** One whole answer at the buffer's start, taken off it; undefined until it is there. */
  private take(): Omit<Answer, 'ms'> | undefined {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const headers = this.buffer.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(headers);
    let end: number;
    if (length) end = headEnd + 4 + Number(length[1]);
    else if (/\r\ntransfer-encoding: *chunked/i.test(headers)) {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', headEnd);
      if (last < 0) return undefined;
      end = last + 7;
    } else end = headEnd + 4;
    if (this.buffer.length < end) return undefined;
    this.buffer = this.buffer.subarray(end);
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers, close: /\r\nconnection: *close/i.test(headers) };
  }

  /**
   * Sends a post of `size` bytes in 16 KB pieces, stopping once an answer came (unless `whole`);
   * resolves with the answer, or undefined when none came within `timeoutMs`.
   */
  async post(path: string, size: number, timeoutMs: number, whole = false): Promise<Answer | undefined> {
    const started = Date.now();
    this.socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept-Language: en\r\nContent-Length: ${size}\r\n\r\n`);
    let answer: Omit<Answer, 'ms'> | undefined;
    const arrived = new Promise<void>((resolve) => {
      const check = () => {
        answer ??= this.take();
        if (answer || this.ended) resolve();
      };
      this.waiting = check;
      check();
    });
    const piece = Buffer.alloc(16 * 1024, 'x');
    void (async () => {
      for (let sent = 0; sent < size && (whole || !answer) && !this.ended; sent += piece.length) {
        const chunk = piece.subarray(0, Math.min(piece.length, size - sent));
        if (!this.socket.write(chunk)) await new Promise((resolve) => this.socket.once('drain', resolve));
      }
    })();
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    this.waiting = undefined;
    return answer && { ...answer, ms: Date.now() - started };
  }

  /** Whether the server closed the connection within `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.ended;
  }

  destroy() {
    this.socket.destroy();
  }
}

/**
 * What the edge does with bodies it refuses unread, and with the RSC payloads Next.js would let a
 * shared cache keep for a year (docs/decisions/052-the-edge.md).
 */
describe('the edge and the bodies it does not read', () => {
  let app: AppServer;
  let port: number;
  beforeAll(async () => {
    app = await startAppServer({ DATA_DIR: `.e2e-data/edge-bodies-${process.pid}` });
    port = Number(new URL(app.url).port);
  }, 600_000);
  afterAll(() => app?.kill('SIGTERM'));

  it('refuses a 2 MB post with 413 and closes its connection, which no next request then waits on', { timeout: 60_000 }, async () => {
    // The whole body sent: the answer, then the close.
    const whole = new RawConnection(port);
    await whole.opened;
    const refused = await whole.post('/api/telega/send-mail', 2 * 1024 * 1024, 5_000, true);
    expect(refused?.status).toBe(413);
    expect(refused?.close).toBe(true);
    expect(await whole.closedWithin(3_000)).toBe(true);
    whole.destroy();

    // The client stops sending at the answer and sends its next request on the same connection.
    const stopped = new RawConnection(port);
    await stopped.opened;
    const first = await stopped.post('/api/telega/send-mail', 2 * 1024 * 1024, 5_000);
    expect(first?.status).toBe(413);
    expect(first?.close).toBe(true);
    expect(await stopped.closedWithin(3_000)).toBe(true);
    stopped.destroy();

    // A fresh connection works.
    const fresh = new RawConnection(port);
    await fresh.opened;
    const next = await fresh.post('/api/telega/send-mail', 10, 5_000);
    expect(next?.status).toBe(400);
    fresh.destroy();
  });

  it('answers 300 posts of random sizes (some over the cap) on kept-alive connections, each within a second', { timeout: 120_000 }, async () => {
    const CLIENTS = 4;
    const POSTS = 300;
    const times: number[] = [];
    const late: string[] = [];
    const counts = { answered: 0, refused413: 0, closedAfterRefusal: 0, connections: 0 };
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        let connection: RawConnection | undefined;
        while (next < POSTS) {
          const turn = next++;
          if (!connection || connection.ended) {
            connection?.destroy();
            connection = new RawConnection(port);
            await connection.opened;
            counts.connections++;
          }
          // A third of them over the cap, up to 2 MB.
          const size = turn % 3 === 0 ? randomInt(CAP + 1, 2 * 1024 * 1024) : randomInt(1, CAP);
          const answer = await connection.post('/api/telega/send-mail', size, 1_000);
          if (!answer) {
            late.push(`post ${turn} of ${size} bytes: no answer within 1 s`);
            connection.destroy();
            connection = undefined;
            continue;
          }
          counts.answered++;
          times.push(answer.ms);
          if (answer.status === 413) counts.refused413++;
          if (answer.close) {
            if (answer.status === 413) counts.closedAfterRefusal++;
            connection.destroy();
            connection = undefined;
          }
        }
        connection?.destroy();
      }),
    );
    times.sort((a, b) => a - b);
    console.log(`random bodies: ${JSON.stringify(counts)}, slowest ${times.at(-1)} ms, median ${times[times.length >> 1]} ms; ${late.length} late`);
    expect(late).toEqual([]);
    expect(counts.answered).toBe(POSTS);
    expect(counts.refused413).toBeGreaterThan(50);
    // Those refused before their body had come whole closed their connection (a body the edge had
    // read whole by the answer leaves its connection in step: it stays open).
    expect(counts.closedAfterRefusal).toBeGreaterThan(0);
  });

  it('gives an RSC payload (`?_rsc=`) the edge\'s Cache-Control, not the year Next.js gives it', async () => {
    for (const path of ['/en/about?_rsc=123', '/ru/epc?_rsc=abc', '/en?_rsc=1']) {
      const response = await fetch(`${app.url}${path}`, { headers: { RSC: '1' } });
      expect(response.status, path).toBe(200);
      const cacheControl = response.headers.get('cache-control') ?? '';
      expect(cacheControl, path).not.toMatch(/s-maxage|public/);
      expect(cacheControl, path).toMatch(/private|no-store/);
      await response.arrayBuffer();
    }
  });

  it('lets nginx keep none of 2,000 distinct `?_rsc=` addresses', { timeout: 300_000 }, async () => {
    const upstream = `127.0.0.1:${port}`;
    const front = await startFront([upstream, upstream]);
    try {
      const statuses = new Map<string, number>();
      let n = 0;
      const get = async (i: number) => {
        const response = await fetch(`${front.url}/en/about?_rsc=${i}`, { headers: { RSC: '1' } });
        await response.arrayBuffer();
        const key = `${response.status} ${response.headers.get('x-cache')}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      };
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (n < 2_000) await get(n++);
        }),
      );
      // Asked again: a kept one would be a HIT now.
      const again = new Map<string, number>();
      for (let i = 0; i < 2_000; i += 40) {
        const response = await fetch(`${front.url}/en/about?_rsc=${i}`, { headers: { RSC: '1' } });
        await response.arrayBuffer();
        const key = `${response.status} ${response.headers.get('x-cache')}`;
        again.set(key, (again.get(key) ?? 0) + 1);
      }
      console.log(`2,000 ?_rsc= through nginx: ${JSON.stringify(Object.fromEntries(statuses))}; asked again: ${JSON.stringify(Object.fromEntries(again))}`);
      expect(Object.fromEntries(statuses)).toEqual({ '200 MISS': 2_000 });
      expect(Object.fromEntries(again)).toEqual({ '200 MISS': 50 });
    } finally {
      await front.stop();
    }
  });
});
