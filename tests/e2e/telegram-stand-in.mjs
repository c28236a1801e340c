// A stand-in for the Telegram Bot API for the end-to-end servers (playwright.config.ts starts it
// as a webServer): `POST /bot<token>/sendMessage` keeps the message and answers as Telegram does,
// `GET /messages` lists what it kept, oldest first. Loopback only; the port is the first argument.
// (The unit tests' scriptable one is tests/support/bot-api-stub.ts.)
import { createServer } from 'node:http';

const port = Number(process.argv[2] || process.env.TELEGRAM_STAND_IN_PORT || 3109);
/** @type {Array<{ token: string; chat_id: string; text: string; parse_mode?: string; at: number }>} */
const messages = [];

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
    if (req.method === 'GET' && req.url === '/messages') return answer(res, 200, messages);
    const send = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !send) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
    }
    messages.push({ token: send[1] ?? '', chat_id: String(body.chat_id), text: String(body.text ?? ''), parse_mode: body.parse_mode, at: Date.now() });
    answer(res, 200, { ok: true, result: { message_id: messages.length, date: Math.floor(Date.now() / 1000), text: body.text } });
  });
}).listen(port, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
