import { createHash, randomBytes } from 'node:crypto';
import { isPrivatePage } from '../site/site-pages.mjs';

const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A fresh nonce for one response's scripts (128 bits from the system's generator, never reused).
 * The bytes are drawn 4 KB at a time: one call into the generator per 256 responses instead of
 * one per response, which cost about 2 % of the server's time under a lead flood.
 */
export function createNonce() {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

/**
 * Whether a script element of these attributes is a data block (structured data, a JSON payload):
 * a `type` that is neither JavaScript nor `module`. A browser never runs one, so the policy need
 * not name it.
 * @param {string} attributes
 */
function isDataBlock(attributes) {
  const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase();
  return type !== undefined && type !== '' && type !== 'module' && !/^(?:text|application)\/(?:x-)?(?:java|ecma)script$/.test(type);
}

/**
 * The CSP source (`'sha256-…'`) of every inline script of a page a browser runs, those kept for
 * the first interaction in <template id="__boot"> included: the policy of a pre-rendered page
 * lists them instead of a per-response nonce (docs/decisions/052). The build hashes each page it prepares
 * (src/build/page-bytes.mjs); the edge, the consent check beside a nonce.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes = '', body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes) || isDataBlock(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body ?? '', 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const METRICA = 'https://mc.yandex.ru https://mc.yandex.com';

/**
 * The enforced policy: scripts only with this response's nonce, or (pre-rendered pages) the
 * hashes of the page's own inline scripts, and what those load ('strict-dynamic'); no plugins,
 * no <base>, never framed. Metrica's hosts are allowed only when analytics is configured.
 * @param {string[]} scriptSources e.g. [`'nonce-…'`] or [`'sha256-…'`, …]
 * @param {{ analytics: boolean; development?: boolean }} options
 */
export function contentSecurityPolicy(scriptSources, { analytics, development = false }) {
  const metrica = analytics ? ` ${METRICA}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(' ')} 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${metrica}`,
    "font-src 'self'",
    `connect-src 'self'${metrica}${development ? ' ws: wss:' : ''}`,
    `frame-src${analytics ? ` ${METRICA}` : " 'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Whether a response's policy may name Metrica's hosts: only when analytics is configured, and
 * never for the sales desk (a `noStore` page: staff and customers' personal data), which gets a
 * policy without any third party (docs/decisions/022).
 * @param {{ kind: string; noStore?: true }} route
 * @param {boolean} analytics
 */
export function allowsThirdParties(route, analytics) {
  return analytics && !(route.kind === 'page' && route.noStore === true);
}

/** The header that keeps a page's window out of reach of the windows that opened it, and theirs out of its. */
const OPENER_POLICY = 'Cross-Origin-Opener-Policy';

/**
 * Headers every response carries but a public page (below).
 * @param {{ production: boolean }} options
 * @returns {[string, string][]}
 */
export function securityHeaders({ production }) {
  const headers = /** @type {[string, string][]} */ ([
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    [OPENER_POLICY, 'same-origin'],
  ]);
  if (production) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/**
 * The headers of the page at `path` (`/{locale}/…`, as the edge routes it): a public page (the site,
 * the products, their tools, the legal pages) goes without the opener policy, which only the
 * private sections keep (docs/decisions/054). A browser opens a page of that policy in a process of
 * its own, started only once the answer's headers have come (a phone's Chromium, and any browser
 * whose tab comes from a page without it): on Lighthouse's phone that start came between the
 * answer and the first paint, about 120 ms of `/ru`'s LCP and most of its TBT over the floor.
 * @param {[string, string][]} headers securityHeaders()
 * @param {string} path
 */
export function pageHeaders(headers, path) {
  return isPrivatePage(path) ? headers : headers.filter(([name]) => name !== OPENER_POLICY);
}
