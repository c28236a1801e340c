import 'server-only';
import { translate } from '../i18n';
import { SALES } from '../leads/sales-texts';

/** Telegram refuses a longer message; the length of the HTML is counted, which is more than Telegram counts. */
export const TELEGRAM_MAX_CHARS = 4096;
/** A stored line longer than this is not trusted to be one line: it is made from the text instead. */
const MAX_LINE_CHARS = 1000;
const FALLBACK_LINE_CHARS = 300;

/**
 * A queued Telegram message as one digest line (Telegram HTML): the lead's own `line`, or, for a
 * message queued without one, its text on one line, tags dropped, clipped.
 */
export function digestLine(payload: Record<string, unknown>): string {
  if (typeof payload.line === 'string' && payload.line && payload.line.length <= MAX_LINE_CHARS) return payload.line;
  const text = typeof payload.text === 'string' ? payload.text : '';
  const flat = text
    .replace(/<[^>]*>/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' · ');
  if (flat.length <= FALLBACK_LINE_CHARS) return flat;
  // Never end inside an entity (`&amp;`): Telegram would refuse the whole message.
  return `${flat.slice(0, FALLBACK_LINE_CHARS).replace(/&[#a-z0-9]*$/i, '')}…`;
}

/** «Сводка: 12 новых заявок» (`SalesMessages.digest`), then the numbered lines; «Сводка (2/3): …» for one of several messages. */
export function digestText(lines: string[], part?: { index: number; total: number }): string {
  const count = lines.length;
  const heading =
    part && part.total > 1
      ? translate(SALES, 'SalesMessages', 'digest.headingPart', { count, index: part.index + 1, total: part.total })
      : translate(SALES, 'SalesMessages', 'digest.heading', { count });
  return [`<b>${heading}</b>`, '', ...lines.map((line, i) => `${i + 1}. ${line}`)].join('\n');
}

/** Splits the items, in order, into groups whose digest text stays within `maxChars`. */
export function splitDigest<T>(items: T[], lineOf: (item: T) => string, maxChars = TELEGRAM_MAX_CHARS): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let lines: string[] = [];
  // The widest header a part can get, so that numbering the parts afterwards cannot overflow one.
  const fits = (candidate: string[]) => digestText(candidate, { index: 998, total: 999 }).length <= maxChars;
  for (const item of items) {
    const line = lineOf(item);
    if (group.length && !fits([...lines, line])) {
      groups.push(group);
      group = [];
      lines = [];
    }
    group.push(item);
    lines.push(line);
  }
  if (group.length) groups.push(group);
  return groups;
}

/** The first line of a message that may be in the chat already (it was sent, but whether it arrived is not known). */
export const POSSIBLE_REPEAT_LINE = '⚠️ возможно, повтор / possible repeat';

/** The Telegram message `payload` marked as a possible repeat. */
export function markedAsRepeat(payload: Record<string, unknown>): Record<string, unknown> {
  const text = typeof payload.text === 'string' ? payload.text : '';
  return { ...payload, text: `<i>${POSSIBLE_REPEAT_LINE}</i>\n${text}` };
}
