import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { NGINX, startFront } from './support/front-nginx.mjs';

/**
 * deploy/nginx.conf in front of two small stand-in instances (no build): a post that fails at an
 * instance (here the instance drops the connection without an answer, as a post that outlasts
 * nginx's read timeout ends) does not take that instance out, so the reads keep going to both; the
 * Host header reaches the app with its port, against which the app checks a post's origin.
 */
describe.skipIf(!existsSync(NGINX))('nginx in front: a failed post and the Host header', () => {
  const instances: Server[] = [];
  let front: Awaited<ReturnType<typeof startFront>> | undefined;
  const hosts: string[] = [];

  afterAll(async () => {
    await front?.stop();
    await Promise.all(instances.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  async function instance(name: string): Promise<string> {
    const server = createServer((req, res) => {
      if (req.method === 'POST') {
        // No answer: the connection ends (an instance's slow post that nginx gave up on ends alike).
        req.resume();
        req.on('end', () => req.socket.destroy());
        return;
      }
      hosts.push(String(req.headers.host));
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end(name);
    });
    instances.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('keeps both instances for the reads after a post failed at one, and passes the Host with its port', { timeout: 60_000 }, async () => {
    front = await startFront([await instance('one'), await instance('two')]);
    const read = async () => (await fetch(`${front!.url}/ru/epc`)).text();
    // Both answer reads.
    expect(new Set(await Promise.all([read(), read(), read(), read()]))).toEqual(new Set(['one', 'two']));

    // A post fails at one of them (502 from nginx, not sent again to the other: it was sent).
    const post = await fetch(`${front.url}/api/telega/send`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(502);

    // The reads right after still reach both.
    const after: string[] = [];
    for (let i = 0; i < 6; i++) after.push(await read());
    console.info(`after a failed post, 6 reads answered by: ${after.join(', ')}`);
    expect(new Set(after)).toEqual(new Set(['one', 'two']));

    // The Host a visitor used, port included.
    hosts.length = 0;
    const port = new URL(front.url).port;
    await read();
    expect(hosts).toEqual([`127.0.0.1:${port}`]);
  });
});
