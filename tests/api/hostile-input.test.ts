import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/auth/route';
import { GET as me } from '@/app/api/auth/me/route';
import { POST as register } from '@/app/api/auth/registration/route';
import { POST as remind } from '@/app/api/auth/remind/route';
import { POST as sendFeedback } from '@/app/api/telega/send/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { POST as sendOrder } from '@/app/[locale]/services/order-send/route';
import { setEnvForTests } from '@/server/env';
import { setLimitersForTests } from '@/server/http/rate-limit';
import { nextAddress } from '../support/requests';
import { useTestDb } from '../support/test-db';

/**
 * Hostile input: generated bodies to every endpoint. No 5xx (the database is up, so not even 503),
 * refusals in the error format, no stack trace, Object.prototype untouched.
 * HOSTILE_RUNS is the total across endpoints (CI: 300; the benchmark: 10000).
 */
const TOTAL_RUNS = Number(process.env.HOSTILE_RUNS) || 300;

type Body = { raw: string | Uint8Array; type: string };

interface Endpoint {
  name: string;
  path: string;
  handler: (request: Request) => Promise<Response> | Response;
  valid: Record<string, unknown>;
  form?: boolean;
}

const phone = '+79123456789';
const endpoints: Endpoint[] = [
  { name: 'auth/auth', path: '/api/auth/auth', handler: login, valid: { email: 'a@example.com', pw: 'some password' } },
  {
    name: 'auth/registration',
    path: '/api/auth/registration',
    handler: register,
    valid: { email: 'r@example.com', phone, pw: 'long unusual pw 1', pw2: 'long unusual pw 1', name_f: 'F', name_i: 'I', firm_name: 'Firm', country_name: 'RU', city_name: 'City', consent: true },
  },
  { name: 'auth/remind', path: '/api/auth/remind', handler: remind, valid: { email: 'nobody@example.com' } },
  {
    name: 'telega/send',
    path: '/api/telega/send',
    handler: sendFeedback,
    valid: { t: 'feedback', name: 'N', phone, email: 'f@example.com', note: 'note', department: 'seller', country_name: 'RU', consent: true },
  },
  {
    name: 'telega/send-mail',
    path: '/api/telega/send-mail',
    handler: sendLead,
    valid: { t: 'btn_demo', lang: 'en', name: 'N', phone, email: 'l@example.com', t_client: 1, url: '/en', utm_source: 'x', consent: true },
  },
  { name: 'order-send (JSON)', path: '/ru/services/order-send', handler: sendOrder, valid: { name: 'N', phone, t_client: '2', lang: 'ru', url: '/ru/epc', consent: true } },
  { name: 'order-send (form)', path: '/ru/services/order-send', handler: sendOrder, valid: { name: 'N', phone, t_client: '2', lang: 'ru', url: '/ru/epc', consent: 'on' }, form: true },
];

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Strings a visitor should never be able to hurt us with. */
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { minLength: 1, maxLength: 5 }).map((units) => `x${String.fromCharCode(...units)}y`),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
  fc.integer({ min: 20_000, max: 100_000 }).map((length) => 'я'.repeat(length)),
  fc.constantFrom('', ' ', '\u202e', '\ufeff', '<script>alert(1)</script>', '${7*7}', "' OR 1=1 --", '//evil.example', '/\\evil.example', 'javascript:alert(1)'),
);

const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom(...POLLUTION_KEYS, 'a', 'toString'), fc.jsonValue({ maxDepth: 1 })),
  oddString,
);

const nested = (depth: number, leaf: string, asArray: boolean) =>
  asArray ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return String(value);
  }
}

/** Every kind of hostile body, as raw JSON (or urlencoded for the form endpoint). */
function bodies(endpoint: Endpoint): fc.Arbitrary<Body> {
  const fields = Object.keys(endpoint.valid);
  const field = fc.constantFrom(...fields, ...POLLUTION_KEYS, 'website');
  if (endpoint.form) {
    const type = 'application/x-www-form-urlencoded';
    return fc.oneof(
      fc.dictionary(fc.oneof(field, fc.string()), oddString).map((extra) => ({ raw: new URLSearchParams({ ...stringify(endpoint.valid), ...extra }).toString(), type })),
      fc.string({ unit: 'binary', maxLength: 500 }).map((raw) => ({ raw, type })),
      fc.uint8Array({ maxLength: 500 }).map((raw) => ({ raw, type })),
      fc.tuple(field, fc.integer({ min: 1, max: 3000 })).map(([key, depth]) => ({ raw: `${key}=${'%'.repeat(depth)}&${'['.repeat(depth)}=1`, type })),
    );
  }
  const type = 'application/json';
  return fc.oneof(
    fc.json({ maxDepth: 4 }).map((raw) => ({ raw, type })),
    fc.anything({ maxDepth: 3 }).map((value) => ({ raw: json(value), type })),
    fc.tuple(field, wrongValue).map(([key, value]) => ({ raw: json({ ...endpoint.valid, [key]: value }), type })),
    fc.tuple(field, oddString).map(([key, value]) => ({ raw: json({ ...endpoint.valid, [key]: value }), type })),
    fc.tuple(field, fc.integer({ min: 100, max: 3000 }), fc.boolean()).map(([key, depth, asArray]) => ({
      raw: `{${JSON.stringify(key)}:${nested(depth, '"x"', asArray)}}`,
      type,
    })),
    fc.integer({ min: 1000, max: 3000 }).map((depth) => ({ raw: nested(depth, '1', false), type })),
    fc.constantFrom(...POLLUTION_KEYS).map((key) => ({ raw: `{${JSON.stringify(key)}:{"polluted":true},"__proto__":{"polluted":true}}`, type })),
    fc.tuple(fc.constantFrom(...POLLUTION_KEYS), fc.constantFrom(...fields)).map(([key, known]) => ({
      raw: `{${JSON.stringify(known)}:{${JSON.stringify(key)}:{"polluted":true}},"utm":{"__proto__":{"polluted":true}}}`,
      type,
    })),
    fc.uint8Array({ maxLength: 500 }).map((raw) => ({ raw, type })),
    fc.tuple(fc.string({ unit: 'binary', maxLength: 500 }), fc.constantFrom('application/json', 'text/plain', '')).map(([raw, kind]) => ({ raw, type: kind })),
  );
}

function stringify(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}

function post(endpoint: Endpoint, body: Body): Request {
  return new Request(`http://localhost:3000${endpoint.path}`, {
    method: 'POST',
    headers: { 'Content-Type': body.type, 'Accept-Language': 'en', 'X-Forwarded-For': nextAddress(), host: 'localhost:3000' },
    body: body.raw as BodyInit,
  });
}

async function expectSane(response: Response): Promise<void> {
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  expect(text).not.toMatch(/\n\s+at /);
  if (response.status >= 400) {
    const parsed = JSON.parse(text) as { errors?: unknown };
    expect(Array.isArray(parsed.errors)).toBe(true);
    expect((parsed.errors as unknown[]).length).toBeGreaterThan(0);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
}

describe('hostile input', () => {
  useTestDb('pglite');
  const perEndpoint = Math.max(10, Math.ceil(TOTAL_RUNS / (endpoints.length + 1)));
  const statuses: Record<string, Record<number, number>> = {};

  beforeAll(() => {
    // Channels off: nothing leaves the process. TRUST_PROXY so each request has its own address.
    setEnvForTests({ TRUST_PROXY: '1', TELEGRAM_BOT_TOKEN: '', SMTP_URL: '', SALES_EMAIL: '' });
  });
  afterAll(() => {
    setEnvForTests();
    console.info(`hostile input: ${perEndpoint} runs per endpoint`, JSON.stringify(statuses));
  });

  it.each(endpoints)('$name survives generated bodies', { timeout: 600_000 }, async (endpoint) => {
    const seen: Record<number, number> = (statuses[endpoint.name] = {});
    await fc.assert(
      fc.asyncProperty(bodies(endpoint), async (body) => {
        setLimitersForTests();
        const response = await endpoint.handler(post(endpoint, body));
        seen[response.status] = (seen[response.status] ?? 0) + 1;
        await expectSane(response);
      }),
      { numRuns: perEndpoint },
    );
    const refusedByLimit = seen[429] ?? 0;
    expect(refusedByLimit).toBeLessThan(perEndpoint / 10);
  });

  it('auth/me survives random Authorization headers', { timeout: 600_000 }, async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 20, maxLength: 100 }).map((t) => `Bearer ${t}`),
      fc.string({ maxLength: 200 }).map((t) => `Bearer ${t}`),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', 'bearer ' + 'a'.repeat(100), 'Bearer ' + 'a'.repeat(10_000)),
    );
    await fc.assert(
      fc.asyncProperty(header, async (value) => {
        // Headers may not carry every character: those the Fetch API refuses never reach a server.
        let request: Request;
        try {
          request = new Request('http://localhost:3000/api/auth/me', { headers: { Authorization: value, 'Accept-Language': 'en', host: 'localhost:3000' } });
        } catch {
          return;
        }
        const response = await me(request);
        expect(response.status).toBe(401);
        await expectSane(response);
      }),
      { numRuns: perEndpoint },
    );
  });
});
