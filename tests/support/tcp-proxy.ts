import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * How the proxy treats its connections:
 * - `pass`: bytes flow both ways;
 * - `cut`: every open connection is reset and new ones are reset at once (a server gone);
 * - `blackhole`: connections stay open and new ones are accepted, but no byte passes either way
 *   (a partition, a hung server: the peer waits until its own timeout); the bytes are held, not
 *   lost, and pass once the mode is `pass` again, as TCP's retransmits would deliver them;
 * - `slow`: bytes flow, each chunk held back `delayMs` first.
 */
type ProxyMode = 'pass' | 'cut' | 'blackhole' | 'slow';

export interface TcpProxy {
  /** host:port the client connects to. */
  host: string;
  port: number;
  /** Connections opened through the proxy so far. */
  connections: () => number;
  setMode(mode: ProxyMode, options?: { delayMs?: number }): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL, Redis, an app instance), whose
 * faults a test switches on and off: the server itself runs on untouched.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  let delayMs = 0;
  let opened = 0;
  const pairs = new Set<Pair>();
  const held: Array<() => void> = [];

  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      const write = () => to.destroyed || to.write(chunk);
      if (mode === 'blackhole') held.push(write);
      else if (mode === 'slow') setTimeout(write, delayMs);
      else write();
    });
  };

  const server = createServer((client) => {
    opened += 1;
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      if (!client.destroyed) client.destroy();
      if (!upstream.destroyed) upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    connections: () => opened,
    setMode(next, options = {}) {
      mode = next;
      delayMs = options.delayMs ?? 0;
      if (next !== 'blackhole') for (const write of held.splice(0)) if (next !== 'cut') write();
      if (next === 'cut') {
        for (const { client, upstream } of pairs) {
          client.resetAndDestroy();
          upstream.destroy();
        }
        pairs.clear();
      }
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
