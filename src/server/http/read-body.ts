import 'server-only';

const MAX_BODY_BYTES = 64 * 1024;
/** Deeper bodies are refused: no form nests more than two levels (utm). */
const MAX_BODY_DEPTH = 16;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL can store: NUL removed (text and jsonb refuse it) and lone surrogates replaced
 * by U+FFFD (jsonb refuses their escapes). Without this a visitor's stray byte became a 503.
 */
function storableText(value: string): string {
  return value.replace(/\u0000/g, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Cleans every string (keys too) of a parsed body; undefined when nested deeper than the cap. */
function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_BODY_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const cleaned = clean(item, depth + 1);
      if (cleaned === undefined) return undefined;
      out.push(cleaned);
    }
    return out;
  }
  // A null-prototype copy: a "__proto__" key stays plain data and never reaches a prototype.
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) {
    const cleaned = clean(item, depth + 1);
    if (cleaned === undefined) return undefined;
    out[storableText(key)] = cleaned;
  }
  return out;
}

export type BodyResult =
  | { ok: true; body: Record<string, unknown>; form: boolean }
  | { ok: false; reason: 'tooLarge' | 'invalidJson' | 'unsupportedMediaType' };

/** The status of a body refusal: 413, 415 or 400. */
export const bodyRefusalStatus = (reason: 'tooLarge' | 'invalidJson' | 'unsupportedMediaType') => (reason === 'tooLarge' ? 413 : reason === 'unsupportedMediaType' ? 415 : 400);

/** The body's bytes, read up to `limit` (undefined past it: the stream is cut there). */
async function readCapped(request: Request, limit: number): Promise<Buffer | undefined> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** A file of a multipart form, as sent: its name and bytes (never decoded here). */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * An upload: a `multipart/form-data` form (its text fields cleaned as any body's, its files as
 * `UploadedFile`), or any body `readBody` reads, up to `limit`. Only the handlers that take files
 * call this; every other post refuses multipart (415).
 */
export async function readUploadBody(request: Request, limit: number): Promise<BodyResult> {
  // As sent: the boundary is case-sensitive.
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) return readBody(request, limit);
  const bytes = await readCapped(request, limit);
  if (!bytes) return { ok: false, reason: 'tooLarge' };
  let data: FormData;
  try {
    data = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  } catch {
    return { ok: false, reason: 'invalidJson' };
  }
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of data) {
    if (key in body) continue;
    body[storableText(key)] = typeof value === 'string' ? storableText(value) : ({ name: storableText(value.name), bytes: new Uint8Array(await value.arrayBuffer()) } satisfies UploadedFile);
  }
  return { ok: true, body, form: true };
}

/** `application/json` or a `+json` type: the only bodies read as JSON. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/;

/**
 * Reads a JSON or urlencoded body of at most 64 KB. A body of another type (`text/plain`, which
 * another site's page can send without asking, or none at all) is `unsupportedMediaType` (415)
 * and never parsed; JSON that is not an object (malformed, an array, a number) is `invalidJson`;
 * the stream is cut at the cap.
 */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const bytes = await readCapped(request, limit);
  if (!bytes) return { ok: false, reason: 'tooLarge' };
  const text = bytes.toString('utf8');
  const type = (request.headers.get('content-type') ?? '').toLowerCase();

  if (type.startsWith('application/x-www-form-urlencoded')) {
    const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [key, value] of new URLSearchParams(text)) body[storableText(key)] = storableText(value);
    return { ok: true, body, form: true };
  }
  if (!JSON_TYPE.test(type)) return { ok: false, reason: 'unsupportedMediaType' };
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: 'invalidJson' };
    const body = clean(parsed, 0);
    if (body === undefined) return { ok: false, reason: 'invalidJson' };
    return { ok: true, body: body as Record<string, unknown>, form: false };
  } catch {
    return { ok: false, reason: 'invalidJson' };
  }
}
