// What the edge tells operators (docs/decisions/021): its JSON-lines log (pino, one access-log line
// per request, each line of a request carrying its id), its metrics (prom-client), and one scrape
// for both processes (the edge's metrics merged with the Next.js process's, asked over IPC).
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pino from 'pino';
import client from 'prom-client';
import { batchedLines } from './batched-lines.mjs';

/** What every line of the edge says of itself, as the app's lines do (src/server/logger.ts). */
const BASE = { app: 'epcsu', proc: 'edge' };

/**
 * @typedef {{ requestId: string; method: string | undefined; route: string; status: number; ms: number; bytes: number; aborted: boolean }} Access
 */

/**
 * The edge's log: pino's JSON lines, `proc: 'edge'`, and one access line per request (`access`),
 * both written to stdout in batches (./batched-lines.mjs), so that a request's line costs neither
 * a write of its own nor pino's general serializer (docs/decisions/052).
 * @param {string | undefined} level LOG_LEVEL
 */
export function edgeLogging(level) {
  const lines = batchedLines();
  const log = pino({ level: level ?? 'info', base: BASE }, lines);
  const logsAccess = log.isLevelEnabled('info');
  return {
    log,
    /** @param {Access} request */
    access(request) {
      if (logsAccess) lines.write(accessLine(request, Date.now()));
    },
  };
}

/** Characters that a JSON string holds as they are: what a method and a request id are made of. */
const PLAIN = /^[A-Za-z0-9._:@=+/-]*$/;

/**
 * The access line, exactly as pino writes `log.info({ requestId, method, route, status, ms, bytes,
 * aborted? }, 'request')`, made from a template: the id is a UUID or matches WELL_FORMED_ID, the
 * method is a token Node's parser accepted, the route one of our class names and the rest numbers,
 * so nothing needs escaping (a method that would is escaped all the same).
 * @param {Access} request
 * @param {number} time milliseconds since the epoch
 */
export function accessLine({ requestId, method = '', route, status, ms, bytes, aborted }, time) {
  const verb = PLAIN.test(method) ? method : JSON.stringify(method).slice(1, -1);
  return `{"level":30,"time":${time},"app":"${BASE.app}","proc":"${BASE.proc}","requestId":"${requestId}","method":"${verb}","route":"${route}","status":${status},"ms":${ms},"bytes":${bytes}${aborted ? ',"aborted":true' : ''},"msg":"request"}\n`;
}

/** What a request id given by a trusted proxy may look like: printable, no spaces, 8–128 characters. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:@=+/-]{8,128}$/;

/**
 * The request's id: the one a trusted proxy sent in X-Request-Id when it is well-formed and
 * TRUST_PROXY says there is such a proxy; a new UUID otherwise (a client cannot choose what our
 * log lines carry without a proxy vouching for it).
 * @param {import('node:http').IncomingMessage} req
 * @param {number} trustProxy
 */
export function requestIdOf(req, trustProxy) {
  const given = req.headers['x-request-id'];
  if (trustProxy > 0 && typeof given === 'string' && WELL_FORMED_ID.test(given)) return given;
  return randomUUID();
}

const require = createRequire(import.meta.url);

/**
 * When the GeoIP country database was made: the `geoip-country` package's version ends in the
 * data's date (`5.0.YYYYMMDDhhmm`); its data file's time when the version does not say.
 * @returns {Date | undefined}
 */
export function geoDataDate() {
  try {
    const manifest = require.resolve('geoip-country/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
    const stamp = /\.(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(String(version));
    if (stamp) {
      const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = stamp.slice(1).map(Number);
      return new Date(Date.UTC(year, month - 1, day, hour, minute));
    }
    return statSync(join(dirname(manifest), 'data/geoip-country.dat')).mtime;
  } catch {
    return undefined;
  }
}

/** The GeoLite2 licence: data no older than 30 days once MaxMind has released newer (it does weekly). */
const GEO_DATA_MAX_AGE_DAYS = 30;

/**
 * The GeoIP data's age as `/readyz` (`geoip`), the build and `npm run geo:age` tell it: its date,
 * whole days old, and `stale` past GEO_DATA_MAX_AGE_DAYS (the licence's limit: run
 * `npm run geo:update`); undefined fields when the data was not found.
 * @param {Date | undefined} date
 */
export function geoDataAge(date, now = Date.now()) {
  if (!date) return { dataDate: null, ageDays: null, stale: true };
  const ageDays = Math.floor((now - date.getTime()) / 86_400_000);
  return { dataDate: date.toISOString().slice(0, 10), ageDays, stale: ageDays > GEO_DATA_MAX_AGE_DAYS };
}

/** The warning a stale GeoIP data gets (the build prints it), else undefined. */
export function geoDataWarning(age = geoDataAge(geoDataDate())) {
  if (!age.stale) return undefined;
  if (age.ageDays === null) return 'The GeoIP country data (geoip-country) was not found: every visitor is taken for one outside Russia.';
  return `The GeoIP country data of ${age.dataDate} is ${age.ageDays} days old: the GeoLite2 licence allows ${GEO_DATA_MAX_AGE_DAYS} days after a newer release. Run \`npm run geo:update\`.`;
}

/**
 * The edge's registry: HTTP requests by route class and status, their duration, the GeoIP data's
 * age and the process's own metrics, each labelled `process="edge"` (the app's say `app`).
 */
export function edgeMetrics() {
  const registry = new client.Registry();
  registry.setDefaultLabels({ process: 'edge' });
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'epcsu_http_requests_total',
    help: 'HTTP requests answered by the edge, by route class and status',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'epcsu_http_request_duration_seconds',
    help: 'Time from a request arriving at the edge to the end of its answer, by route class',
    labelNames: ['route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const geoDate = geoDataDate();
  new client.Gauge({
    name: 'epcsu_geoip_data_age_seconds',
    help: 'Age of the GeoIP country database (npm run geo:update refreshes it)',
    registers: [registry],
    collect() {
      if (geoDate) this.set(Math.round((Date.now() - geoDate.getTime()) / 1000));
    },
  });
  return {
    geoDate,
    /** @param {string} route @param {number} status @param {number} seconds */
    observe(route, status, seconds) {
      requests.inc({ route, status });
      duration.observe({ route }, seconds);
    },
    /**
     * Prometheus text of the edge's metrics and the app's (metrics as JSON, or null when the app
     * did not answer), merged: the same metric from both processes is one family with two label sets.
     * @param {client.MetricObjectWithValues<client.MetricValue<string>>[] | null} appMetrics
     */
    async scrape(appMetrics) {
      const edge = await registry.getMetricsAsJSON();
      const merged = client.AggregatorRegistry.aggregate(appMetrics ? [edge, appMetrics] : [edge]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}
