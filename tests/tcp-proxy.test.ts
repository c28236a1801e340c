import { createServer, connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/** The fault proxy the fault tests rely on does what each mode says. */
describe('the TCP proxy of the fault tests', () => {
  const echo = createServer((socket) => socket.pipe(socket));
  let proxy: TcpProxy;

  beforeAll(async () => {
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    proxy = await startTcpProxy({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
  });
  afterAll(async () => {
    await proxy.close();
    echo.close();
  });

  const open = () => {
    const socket = connect(proxy.port, proxy.host);
    const received: string[] = [];
    socket.on('data', (chunk) => received.push(chunk.toString()));
    const closed = new Promise<string>((resolve) => {
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      socket.on('close', () => resolve('closed'));
    });
    return { socket, received, closed, ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())) };
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('passes bytes, holds them in a black hole and lets them through once it ends', async () => {
    const client = open();
    await client.ready;
    client.socket.write('one');
    await pause(100);
    expect(client.received.join('')).toBe('one');
    proxy.setMode('blackhole');
    client.socket.write('two');
    await pause(200);
    expect(client.received.join('')).toBe('one');
    proxy.setMode('pass');
    await pause(100);
    expect(client.received.join('')).toBe('onetwo');
    client.socket.destroy();
  });

  it('delays each chunk when slow', async () => {
    const client = open();
    await client.ready;
    proxy.setMode('slow', { delayMs: 150 });
    const started = Date.now();
    client.socket.write('x');
    while (client.received.length === 0) await pause(10);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    proxy.setMode('pass');
    client.socket.destroy();
  });

  it('resets open connections and new ones when cut', async () => {
    const client = open();
    await client.ready;
    proxy.setMode('cut');
    expect(await client.closed).toBe('ECONNRESET');
    const late = open();
    expect(await late.closed).toBe('ECONNRESET');
    proxy.setMode('pass');
  });
});
