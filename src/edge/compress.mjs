// @ts-check
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with: brotli when accepted, else gzip, else none.
 * @param {string | undefined} acceptEncoding
 * @returns {'br' | 'gzip' | undefined}
 */
export function chooseEncoding(acceptEncoding) {
  const accepted = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses off the event loop (zlib's thread pool); quality chosen for speed per request.
 * @param {Buffer} body
 * @param {'br' | 'gzip'} encoding
 */
export function compress(body, encoding) {
  if (encoding === 'br') {
    return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  }
  return gzipAsync(body, { level: 6 });
}
