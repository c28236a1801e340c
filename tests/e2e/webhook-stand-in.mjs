// A receiver of the signed webhook for the end-to-end servers (playwright.config.ts starts it as a
// webServer): it checks each post's Standard Webhooks signature as a receiver must (the key is the
// base64 after `whsec_`, the signed content `<webhook-id>.<webhook-timestamp>.<raw body>`, one of the
// `v1,<base64>` entries must match, the timestamp within 5 minutes); a post that fails is answered
// 401 and kept apart. `GET /deliveries` lists the verified posts, oldest first ({ id, body }),
// `GET /rejected` counts the others. Loopback only; the port and the secret are its arguments.
// (The unit tests' scriptable receiver is tests/support/webhook-receiver.ts.)
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const key = Buffer.from(String(process.argv[3] ?? '').replace(/^whsec_/, ''), 'base64');
/** @type {Array<{ id: string; timestamp: number; body: unknown }>} */
const deliveries = [];
let rejected = 0;

/** @param {import('node:http').IncomingHttpHeaders} headers @param {string} body */
function verified(headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return undefined;
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > 300) return undefined;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const match = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { id, timestamp: seconds } : undefined;
}

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
    const check = verified(req.headers, body);
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
