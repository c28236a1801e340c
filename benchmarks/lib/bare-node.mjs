// A bare Node HTTP server answering every request with one page's bytes and headers as the edge
// sends them (the variant by Accept-Encoding, nothing else looked at): the rate Node's own HTTP
// reaches on this machine with no routing and no bookkeeping. The benchmark prints it beside the
// edge and nginx, so that the edge's share of nginx is read against Node's own ceiling.
// Run as a child process (the benchmark's wrk calls block its own event loop).
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../tests/support/free-port.mjs';

/** Headers that are the edge's per response or per connection: Node adds its own. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

/**
 * One variant of `url` as the edge answers it: its status headers (flat) and raw body.
 * @param {string} url @param {string} acceptEncoding
 * @returns {Promise<{ headers: (string | string[])[]; body: Buffer }>}
 */
function variantOf(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        // (A received header always has a value: `undefined` is only in the type.)
        const headers = Object.entries(res.headers).flatMap(([name, value]) => (PER_RESPONSE.has(name) || value === undefined ? [] : [name, value]));
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * In the child: serve `url`'s three variants on `port` and say so on stdout.
 * @param {string} url @param {number} port
 */
async function serveCopy(url, port) {
  const [br, gzip, identity] = await Promise.all([variantOf(url, 'br'), variantOf(url, 'gzip'), variantOf(url, '')]);
  createServer((req, res) => {
    const accepted = req.headers['accept-encoding'] ?? '';
    const variant = accepted.includes('br') ? br : accepted.includes('gzip') ? gzip : identity;
    res.writeHead(200, variant.headers).end(variant.body);
  }).listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
}

/**
 * Starts the bare server in a child process, copying `url`'s answers; resolves with its URL, its
 * process id and stop.
 * @param {string} url
 */
export async function startBareNode(url) {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), url, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the bare Node server ended (${code})`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, port] = process.argv.slice(2);
  if (!url) throw new Error('usage: bare-node.mjs <url> <port>');
  await serveCopy(url, Number(port));
}
