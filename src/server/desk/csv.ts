import 'server-only';
import { withoutBidiControls } from '@/lib/bidi';

/** Excel reads a UTF-8 file as UTF-8 (Cyrillic intact) only when it starts with a byte-order mark. */
export const CSV_BOM = '\uFEFF';

/** What a spreadsheet would take for a formula (or a DDE call) at the start of a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * The same after a tab, a line break or either separator inside a cell: a spreadsheet that splits
 * the file on another separator than ours (Excel guessing, a paste into a sheet) starts a cell
 * there.
 */
const FORMULA_INSIDE = /([\t\r\n,;])([=+\-@])/g;

/**
 * One cell: direction controls dropped (a reversed text in a sheet disguises it as it does in the
 * desk), a value a spreadsheet would run as a formula made inert by an apostrophe (OWASP's advice
 * for CSV injection) at its start and after every tab, line break or separator inside it; then
 * every cell is quoted, quotes doubled (RFC 4180), so that no tab, separator or line break in a
 * value ever splits it, whichever separator a reader assumes.
 */
export function csvCell(value: unknown): string {
  const text = withoutBidiControls(value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value));
  const inert = (FORMULA_START.test(text) ? `'${text}` : text).replace(FORMULA_INSIDE, "$1'$2");
  return `"${inert.replace(/"/g, '""')}"`;
}

/** One line of cells, ended by CRLF. */
export const csvRow = (cells: unknown[], separator = ',') => `${cells.map((cell) => csvCell(cell)).join(separator)}\r\n`;
