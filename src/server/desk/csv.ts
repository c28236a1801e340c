import 'server-only';

/** Excel reads a UTF-8 file as UTF-8 (Cyrillic intact) only when it starts with a byte-order mark. */
export const CSV_BOM = '\uFEFF';

/** What a spreadsheet would take for a formula (or a DDE call) at the start of a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a value a spreadsheet would run as a formula is made inert by a leading apostrophe
 * (OWASP's advice for CSV injection), then the cell is quoted when it holds the separator, a
 * quote or a line break, quotes doubled (RFC 4180).
 */
export function csvCell(value: unknown, separator = ','): string {
  const text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  const inert = FORMULA_START.test(text) ? `'${text}` : text;
  return inert.includes(separator) || /["\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** One line of cells, ended by CRLF. */
export const csvRow = (cells: unknown[], separator = ',') => `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;
