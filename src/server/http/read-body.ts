import 'server-only';

export const MAX_BODY_BYTES = 64 * 1024;

export type BodyResult =
  | { ok: true; body: Record<string, unknown>; form: boolean }
  | { ok: false; reason: 'tooLarge' | 'invalidJson' };

/**
 * Reads a JSON or urlencoded body of at most 64 KB. Anything else that is not an object
 * (malformed JSON, an array, a number) is `invalidJson`; the stream is cut at the cap.
 */
export async function readBody(request: Request, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, reason: 'tooLarge' };

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
        return { ok: false, reason: 'tooLarge' };
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const type = (request.headers.get('content-type') ?? '').toLowerCase();

  if (type.startsWith('application/x-www-form-urlencoded')) {
    const body: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) body[key] = value;
    return { ok: true, body, form: true };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: 'invalidJson' };
    return { ok: true, body: parsed as Record<string, unknown>, form: false };
  } catch {
    return { ok: false, reason: 'invalidJson' };
  }
}
