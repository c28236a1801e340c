// A receiver of the signed webhook for the end-to-end servers (playwright.config.ts starts it as a
// webServer): it checks each post's Standard Webhooks signature as a receiver must
// (tests/support/standard-webhooks.mjs); a post that fails is answered 401 and counted. `GET /deliveries` lists the verified posts, oldest first ({ id, body }),
// `GET /rejected` counts the others. Loopback only; the port and the secret are its arguments.
// (The unit tests' scriptable receiver is tests/support/webhook-receiver.ts.)
import { createServer } from 'node:http';
import { verifiedWebhook } from '../support/standard-webhooks.mjs';

const port = Number(process.argv[2]);
const secret = String(process.argv[3] ?? '');
/** @type {Array<{ id: string; timestamp: number; body: unknown }>} */
const deliveries = [];
let rejected = 0;

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
const answer = (res, status, body) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

createServer((req, res) => {
  /** @type {Buffer[]} */
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    if (req.method === 'GET' && req.url === '/deliveries') return answer(res, 200, deliveries);
    if (req.method === 'GET' && req.url === '/rejected') return answer(res, 200, { rejected });
    if (req.method !== 'POST') return answer(res, 404, { error: 'not found' });
    const body = Buffer.concat(chunks).toString('utf8');
    const check = verifiedWebhook(secret, req.headers, body);
    if (!check) {
      rejected += 1;
      return answer(res, 401, { error: 'bad signature' });
    }
    let parsed;
    try {
      parsed = JSON.parse(body);
    } catch {
      return answer(res, 400, { error: 'not JSON' });
    }
    deliveries.push({ ...check, body: parsed });
    res.writeHead(204).end();
  });
}).listen(port, '127.0.0.1');
