/*
 * A stand-in for DaData's «organisation by INN» (`POST /suggestions/api/4_1/rs/findById/party`),
 * built from DaData's documentation, for the tests: loopback only, a handful of companies.
 *
 * Run:    node tests/e2e/dadata-stand-in.mjs <port> [key]   (playwright.config.ts starts it so;
 *         the key is also read from DADATA_STAND_IN_KEY, default DADATA_STAND_IN_KEY below)
 * Import: `startDadataStandIn({ port?, key? })` → { url, key, setMode, requests, close }
 *         (port 0 or none: any free one). Point DADATA_API_BASE at `url`, DADATA_API_KEY at `key`.
 *
 * As DaData: `Authorization: Token <key>` (none: 401, another key: 403), a JSON body
 * `{ query, branch_type?, kpp?, type?, status?, count? }` (not JSON: 400; any method but POST: 405;
 * a query over 300 characters: 413), the answer `{ suggestions: [{ value, unrestricted_value,
 * data }] }`, empty when nothing matches the INN or OGRN.
 *
 * Modes, set by `setMode(...)` or over HTTP by `POST /__mode` with the same JSON:
 *   { mode: 'ok' }                   answers as above (the default);
 *   { mode: 'slow', seconds: 5 }     answers as above, that many seconds late;
 *   { mode: 'down' }                 500, as DaData's internal error; { mode: 'down', reset: true }:
 *                                    the connection is dropped without an answer;
 *   { mode: 'quota' }                403, as DaData answers once the day's requests are spent;
 *   { mode: 'busy' }                 429, too many requests per second.
 * `GET /__requests` lists what findById received (its Authorization header and body), oldest first;
 * `DELETE /__requests` forgets them.
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

export const DADATA_STAND_IN_KEY = 'stand-in-dadata-key';
const FIND_PARTY = '/suggestions/api/4_1/rs/findById/party';

/**
 * One register record as DaData returns it in `data` (the fields the site reads, and a few more).
 * @param {{ inn: string, kpp?: string, ogrn: string, type: 'LEGAL' | 'INDIVIDUAL', branch?: 'MAIN' | 'BRANCH', status: string,
 *   short: string, full: string, address: string, fullAddress: string, director?: { name: string, post: string }, opf: string }} record
 */
function party(record) {
  const data = {
    inn: record.inn,
    kpp: record.kpp ?? null,
    ogrn: record.ogrn,
    type: record.type,
    branch_type: record.type === 'LEGAL' ? (record.branch ?? 'MAIN') : null,
    name: { full_with_opf: record.full, short_with_opf: record.short, full: record.full.replace(/^\S+\s+/, ''), short: record.short.replace(/^\S+\s+/, '') },
    opf: { short: record.opf },
    address: { value: record.address, unrestricted_value: record.fullAddress, data: null },
    management: record.director ?? null,
    state: { status: record.status, actuality_date: 1735689600000, registration_date: 1041379200000, liquidation_date: record.status === 'LIQUIDATED' ? 1704067200000 : null },
  };
  return { value: record.short, unrestricted_value: record.short, data };
}

/**
 * The register: an organisation with its head office and a branch (another KPP), a sole
 * proprietor with a closed earlier registration and the current one, a liquidated organisation
 * and one being liquidated. Every INN, OGRN and OGRNIP has valid control digits.
 */
const STAND_IN_REGISTER = [
  party({
    inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', type: 'LEGAL', status: 'ACTIVE', opf: 'ПАО',
    short: 'ПАО СБЕРБАНК', full: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
    address: 'г Москва, ул Вавилова, д 19', fullAddress: '117312, г Москва, Академический р-н, ул Вавилова, д 19',
    director: { name: 'Греф Герман Оскарович', post: 'ПРЕЗИДЕНТ, ПРЕДСЕДАТЕЛЬ ПРАВЛЕНИЯ' },
  }),
  party({
    inn: '7707083893', kpp: '540602001', ogrn: '1027700132195', type: 'LEGAL', branch: 'BRANCH', status: 'ACTIVE', opf: 'ПАО',
    short: 'СИБИРСКИЙ БАНК ПАО СБЕРБАНК', full: 'СИБИРСКИЙ БАНК ПАО СБЕРБАНК',
    address: 'г Новосибирск, ул Серебренниковская, д 20', fullAddress: '630007, Новосибирская обл, г Новосибирск, ул Серебренниковская, д 20',
  }),
  party({
    inn: '772512345622', ogrn: '304500300012342', type: 'INDIVIDUAL', status: 'LIQUIDATED', opf: 'ИП',
    short: 'ИП Соколова Анна Викторовна', full: 'Индивидуальный предприниматель Соколова Анна Викторовна',
    address: 'Московская обл, г Химки', fullAddress: '141400, Московская обл, г Химки',
  }),
  party({
    inn: '772512345622', ogrn: '318774600123452', type: 'INDIVIDUAL', status: 'ACTIVE', opf: 'ИП',
    short: 'ИП Соколова Анна Викторовна', full: 'Индивидуальный предприниматель Соколова Анна Викторовна',
    address: 'г Москва', fullAddress: '115093, г Москва',
  }),
  party({
    inn: '7709123453', kpp: '770901001', ogrn: '1157746123457', type: 'LEGAL', status: 'LIQUIDATED', opf: 'ООО',
    short: 'ООО "ВЕКТОР-АВТО"', full: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ВЕКТОР-АВТО"',
    address: 'г Москва, ул Земляной Вал, д 9', fullAddress: '105064, г Москва, Басманный р-н, ул Земляной Вал, д 9',
    director: { name: 'Орлов Игорь Сергеевич', post: 'ЛИКВИДАТОР' },
  }),
  party({
    inn: '7840123459', kpp: '784001001', ogrn: '1197847123451', type: 'LEGAL', status: 'LIQUIDATING', opf: 'ООО',
    short: 'ООО "СЕВЕРНЫЙ ПОРТ"', full: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "СЕВЕРНЫЙ ПОРТ"',
    address: 'г Санкт-Петербург, Невский пр-кт, д 100', fullAddress: '191025, г Санкт-Петербург, Центральный р-н, Невский пр-кт, д 100',
    director: { name: 'Кузнецова Мария Павловна', post: 'ЛИКВИДАТОР' },
  }),
];

/** @typedef {{ mode: 'ok' | 'slow' | 'down' | 'quota' | 'busy', seconds?: number, reset?: boolean }} StandInMode */
const MODES = ['ok', 'slow', 'down', 'quota', 'busy'];

/**
 * The records a findById request finds, with DaData's filters.
 * @param {Record<string, unknown>} body
 */
function find(body) {
  const query = String(body.query ?? '').trim();
  const statuses = Array.isArray(body.status) ? body.status : undefined;
  const found = STAND_IN_REGISTER.filter(
    ({ data }) =>
      (data.inn === query || data.ogrn === query) &&
      (!body.branch_type || data.branch_type === body.branch_type) &&
      (!body.kpp || data.kpp === body.kpp) &&
      (!body.type || data.type === body.type) &&
      (!statuses || statuses.includes(data.state.status)),
  );
  const count = Math.min(300, Math.max(1, Number(body.count) || 10));
  return found.slice(0, count);
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
function answer(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** DaData's error body. @param {number} status @param {string} reason @param {string} [message] */
const failure = (status, reason, message) => ({ family: status >= 500 ? 'SERVER_ERROR' : 'CLIENT_ERROR', reason, ...(message ? { message } : {}) });

/**
 * Starts the stand-in on 127.0.0.1.
 * @param {{ port?: number, key?: string }} [options]
 */
export async function startDadataStandIn({ port = 0, key = DADATA_STAND_IN_KEY } = {}) {
  /** @type {StandInMode} */
  let mode = { mode: 'ok' };
  /** @type {Array<{ authorization: string | undefined, body: unknown, at: number }>} */
  const requests = [];
  const timers = new Set();

  /** @param {unknown} value */
  const setMode = (value) => {
    const next = /** @type {Partial<StandInMode>} */ (typeof value === 'string' ? { mode: value } : value ?? {});
    if (!next.mode || !MODES.includes(next.mode)) throw new Error(`unknown mode: ${String(next.mode)}`);
    mode = { mode: next.mode, ...(next.seconds !== undefined ? { seconds: Number(next.seconds) } : {}), ...(next.reset ? { reset: true } : {}) };
    return mode;
  };

  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.url === '/__mode' && req.method === 'POST') {
        try {
          return answer(res, 200, setMode(JSON.parse(text)));
        } catch (error) {
          return answer(res, 400, { error: error instanceof Error ? error.message : String(error) });
        }
      }
      if (req.url === '/__requests') {
        if (req.method === 'DELETE') requests.length = 0;
        return answer(res, 200, requests);
      }
      if (req.url !== FIND_PARTY) return answer(res, 404, failure(404, 'Not Found'));
      if (req.method !== 'POST') return answer(res, 405, failure(405, 'Method Not Allowed'));

      const authorization = req.headers.authorization;
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      requests.push({ authorization, body, at: Date.now() });
      if (!authorization) return answer(res, 401, failure(401, 'Unauthorized', 'API key is missing'));
      if (authorization !== `Token ${key}`) return answer(res, 403, failure(403, 'Forbidden', 'Invalid API key'));
      if (mode.mode === 'quota') return answer(res, 403, failure(403, 'Forbidden', "Feature 'SUGGESTIONS' disabled for token"));
      if (mode.mode === 'busy') return answer(res, 429, failure(429, 'Too Many Requests'));
      if (mode.mode === 'down') {
        if (mode.reset) return req.socket.destroy();
        return answer(res, 500, failure(500, 'Internal Server Error'));
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) return answer(res, 400, failure(400, 'Bad Request', 'Invalid JSON'));
      if (String(body.query ?? '').length > 300) return answer(res, 413, failure(413, 'Request Entity Too Large'));
      const result = { suggestions: find(body) };
      if (mode.mode !== 'slow') return answer(res, 200, result);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer(res, 200, result);
      }, (mode.seconds ?? 5) * 1000);
      timers.add(timer);
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    key,
    setMode,
    requests,
    /** Stops at once, slow answers and open connections included. */
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] || process.env.DADATA_STAND_IN_PORT || 3110);
  await startDadataStandIn({ port, key: process.argv[3] || process.env.DADATA_STAND_IN_KEY || DADATA_STAND_IN_KEY });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
}
