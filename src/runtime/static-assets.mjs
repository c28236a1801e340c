import { chooseEncoding, matchesEtag } from './static-pages.mjs';

/** Hashed file names never change their bytes: browsers and CDNs keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the build's static assets (`/_next/static/*`) from memory, each compressed once at build
 * (src/build/asset-bytes.mjs), with an ETag: no compression and no Next.js per request
 * (docs/decisions/052).
 * @param {Map<string, import('./prepared-build.mjs').PreparedAsset>} assets URL path → asset
 * @param {{ baseHeaders: [string, string][] }} options
 */
export function staticAssets(assets, { baseHeaders }) {
  /** @type {Map<string, { headers: (string | number)[]; notModified: (string | number)[]; body: Buffer; etag: string }>} */
  const variants = new Map();

  /** @param {string} path @param {import('./prepared-build.mjs').PreparedAsset} asset @param {'br' | 'gzip' | 'identity'} wanted */
  const variant = (path, asset, wanted) => {
    const encoding = wanted !== 'identity' && asset[wanted] ? wanted : 'identity';
    const key = `${path}\u0000${encoding}`;
    let found = variants.get(key);
    if (!found) {
      const body = encoding === 'identity' ? asset.identity : /** @type {Buffer} */ (asset[encoding]);
      const etag = `"${asset.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
      const common = [...baseHeaders.flat(), 'Cache-Control', IMMUTABLE, 'ETag', etag, ...(asset.br ? ['Vary', 'Accept-Encoding'] : [])];
      const headers = [...common, 'Content-Type', asset.type, 'Content-Length', body.length, ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding])];
      found = { headers, notModified: common, body, etag };
      variants.set(key, found);
    }
    return found;
  };

  return {
    size: assets.size,
    /**
     * Answers a GET or HEAD for `path` if it is a static asset of the build; false otherwise.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {string} path
     * @param {(string | number)[]} [extra] headers of this response only (its request id), name, value, …
     */
    serve(req, res, path, extra = []) {
      const asset = assets.get(path);
      if (!asset || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const chosen = variant(path, asset, chooseEncoding(req.headers['accept-encoding']));
      if (matchesEtag(req.headers['if-none-match'], chosen.etag)) {
        res.writeHead(304, chosen.notModified.concat(extra));
        res.end();
      } else {
        res.writeHead(200, chosen.headers.concat(extra));
        res.end(req.method === 'HEAD' ? undefined : chosen.body);
      }
      return true;
    },
  };
}
