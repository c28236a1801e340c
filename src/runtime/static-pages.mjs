import { isGeoVariant } from '../site/site-pages.mjs';
import { pageHeaders } from './security-headers.mjs';

/**
 * @typedef {import('./prepared-build.mjs').PreparedPage} PreparedPage
 * @typedef {'br' | 'gzip' | 'identity'} Encoding
 * @typedef {{ headers: (string | number)[]; notModified: (string | number)[]; body: Buffer; etag: string }} Variant
 */

/**
 * How shared caches (a CDN, a proxy) may keep a pre-rendered page. Pages are the same for every
 * visitor of a URL, except product pages (a variant per visitor country, docs/decisions/052): a
 * CDN may keep those only when it tells the edge the country in a header (`geoHeader`) and the
 * answer varies on it. A page chosen by negotiation (the unprefixed Russian pages of `as-needed`:
 * cookie, country, Accept-Language) is never shared. Browsers revalidate every time (ETag → 304).
 * @param {{ productPage: boolean; negotiated: boolean; cdnMaxAge: number; geoHeader?: string }} options
 */
export function cachePolicy({ productPage, negotiated, cdnMaxAge, geoHeader }) {
  const shared = cdnMaxAge > 0 && !negotiated && (!productPage || Boolean(geoHeader));
  const vary = ['Accept-Encoding'];
  if (productPage && geoHeader) vary.push(geoHeader);
  if (negotiated) vary.push('Cookie', 'Accept-Language');
  return {
    cacheControl: shared ? `public, max-age=0, s-maxage=${cdnMaxAge}, stale-while-revalidate=${cdnMaxAge * 10}` : 'private, no-cache',
    vary: vary.join(', '),
  };
}

/**
 * The encoding to answer with: brotli when accepted, else gzip, else none (`q=0` refuses).
 * @param {string | undefined} acceptEncoding
 * @returns {Encoding}
 */
export function chooseEncoding(acceptEncoding) {
  if (!acceptEncoding) return 'identity';
  const known = chosenEncodings.get(acceptEncoding);
  if (known) return known;
  const chosen = parseAcceptEncoding(acceptEncoding);
  // Clients send a handful of distinct values: remember them (bounded against made-up ones).
  if (chosenEncodings.size < 256) chosenEncodings.set(acceptEncoding, chosen);
  return chosen;
}

/** @type {Map<string, Encoding>} */
const chosenEncodings = new Map();

/** @type {readonly Encoding[]} */
const ENCODINGS = ['br', 'gzip', 'identity'];

/** @param {string} acceptEncoding @returns {Encoding} */
function parseAcceptEncoding(acceptEncoding) {
  /** @type {Set<string>} */
  const accepted = new Set();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Whether an If-None-Match header names this ETag (weak comparison, lists and `*`).
 * @param {string | undefined} header
 * @param {string} etag the quoted ETag
 */
export function matchesEtag(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Serves the pre-rendered pages from memory at static-file speed (docs/decisions/052): every
 * byte of a response was made once, at build or start; a request only chooses an encoding and
 * compares ETags. Each page carries its own Content-Security-Policy, made of its inline scripts'
 * hashes.
 * @param {Map<string, PreparedPage>} pages route → prepared page
 * @param {{ baseHeaders: [string, string][]; policy: (scriptSources: string[]) => string; cdnMaxAge: number; geoHeader?: string }} options
 */
export function staticPages(pages, { baseHeaders, policy, cdnMaxAge, geoHeader }) {
  /**
   * Each page with its answers, made on first use: one slot per encoding and negotiation (a
   * request looks its page up once and indexes the slot, with no key to build).
   * @type {Map<string, { page: PreparedPage; variants: (Variant | undefined)[] }>}
   */
  const entries = new Map([...pages].map(([route, page]) => [route, { page, variants: [] }]));

  /** @param {string} route @param {{ page: PreparedPage; variants: (Variant | undefined)[] }} entry @param {Encoding} encoding @param {boolean} negotiated */
  const variant = (route, { page, variants }, encoding, negotiated) => {
    const slot = ENCODINGS.indexOf(encoding) * 2 + (negotiated ? 1 : 0);
    let found = variants[slot];
    if (!found) {
      const { cacheControl, vary } = cachePolicy({ productPage: isGeoVariant(route.split('/')[2]), negotiated, cdnMaxAge, geoHeader });
      const body = encoding === 'identity' ? page.identity : page[encoding];
      const etag = `"${page.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
      const common = [...pageHeaders(baseHeaders, route).flat(), 'Content-Security-Policy', policy(page.scriptHashes), 'Cache-Control', cacheControl, 'Vary', vary, 'ETag', etag];
      const headers = [...common, 'Content-Type', 'text/html; charset=utf-8', 'Content-Length', body.length];
      if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
      found = { headers, notModified: common, body, etag };
      variants[slot] = found;
    }
    return found;
  };

  return {
    size: pages.size,
    /**
     * Answers a GET or HEAD for `route` if it is a pre-rendered page; false otherwise.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {string} route
     * @param {boolean} negotiated
     * @param {number} [status] 404 for the not-found page (no 304 then)
     * @param {(string | number)[]} [extra] headers of this response only (its request id), name, value, …
     */
    serve(req, res, route, negotiated, status = 200, extra = []) {
      const entry = entries.get(route);
      if (!entry) return false;
      const chosen = variant(route, entry, chooseEncoding(req.headers['accept-encoding']), negotiated);
      if (status === 200 && matchesEtag(req.headers['if-none-match'], chosen.etag)) {
        res.writeHead(304, chosen.notModified.concat(extra));
        res.end();
      } else {
        res.writeHead(status, chosen.headers.concat(extra));
        res.end(req.method === 'HEAD' ? undefined : chosen.body);
      }
      return true;
    },
  };
}
