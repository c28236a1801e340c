/*
 * Reads back a message as an SMTP server received it (what nodemailer writes): its headers (RFC
 * 2047 encoded words decoded) and its parts, multipart bodies split by their boundary, each body
 * decoded from base64 or quoted-printable. Enough for tests to look at a subject, a text and an
 * attachment; not a general MIME parser.
 */

export interface MailPart {
  headers: Record<string, string>;
  body: Buffer;
  parts: MailPart[];
}

const decodeWords = (value: string) =>
  value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*(?==\?)?/g, (_match, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(quotedPrintable(text.replace(/_/g, ' '))).toString('utf8'),
  );

function quotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** One entity (the message or a part of it): headers, decoded body, its parts when multipart. */
export function parseMail(raw: string): MailPart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const rest = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const chunks = rest.split(`--${boundary}`).slice(1);
    const parts = chunks.filter((chunk) => !chunk.startsWith('--')).map((chunk) => parseMail(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const body = encoding === 'base64' ? Buffer.from(rest.replace(/\s+/g, ''), 'base64') : encoding === 'quoted-printable' ? quotedPrintable(rest) : Buffer.from(rest, 'utf8');
  return { headers, body, parts: [] };
}

/** Every leaf part of a message, depth first. */
export function leafParts(part: MailPart): MailPart[] {
  return part.parts.length ? part.parts.flatMap(leafParts) : [part];
}

/** The message's plain text, its lines ending in `\n` (SMTP carries `\r\n`). */
export const mailText = (raw: string) =>
  (
    leafParts(parseMail(raw))
      .find((part) => (part.headers['content-type'] ?? 'text/plain').startsWith('text/plain'))
      ?.body.toString('utf8') ?? ''
  ).replace(/\r\n/g, '\n');
