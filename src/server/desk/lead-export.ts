import 'server-only';
import type { Db } from '@/db/client';
import type { Locale } from '@/site/locales.mjs';
import type { KeyUnder } from '@/i18n/message-keys';
import { translate, translateIfKnown } from '../i18n';
import { CSV_BOM, csvRow } from './csv';
import type { LeadFilter } from './lead-filter';
import { selectLeads, type Cursor } from './lead-list';
import { allFieldLabels } from '@/lib/leads/definitions';
import { consentText, deskFields, geoCountry } from './lead-view';
import type { WorkingHours } from './working-hours';
import { xlsxStream, type XlsxColumn } from './xlsx';
import { zonedText, zonedWallClock } from './zoned-time';

// Small enough that a batch's rows die young (the server's memory stays flat), large enough that
// the keyset query per batch costs little.
const BATCH = 1000;
/** The lead's own columns around its fields: every label of every kind's definition (src/lib/leads/), one column each. */
const FIELD_COLUMNS = allFieldLabels();
const COLUMNS: ReadonlyArray<KeyUnder<'Desk', 'fields'>> = ['created', 'number', 'kind', 'status', ...FIELD_COLUMNS, 'lang', 'geo', 'consent', 'firstContact', 'note'];
/** Columns holding a moment: written in the desk's time zone, which their header names. */
const TIME_COLUMNS = new Set(['created', 'firstContact']);

/** One exported cell: a moment (Date), a number, or text. */
type ExportCell = Date | number | string | null | undefined;

/** Russian Excel splits on semicolons, English on commas. */
const csvSeparator = (locale: Locale) => (locale === 'ru' ? ';' : ',');

/** The header row in the desk's language; a time column says its zone: `Created (Europe/Moscow)`. */
function exportHeader(locale: Locale, timeZone: string): string[] {
  return COLUMNS.map((key) => {
    const label = translate(locale, 'Desk', `fields.${key}`);
    return TIME_COLUMNS.has(key) ? `${label} (${timeZone})` : label;
  });
}

/**
 * The leads of a filter, newest first, a batch of rows at a time (typed cells in COLUMNS order),
 * each batch asked for only when the previous one is taken, the next query running while a batch
 * is written out.
 */
async function* leadExportRows(db: Db, filter: LeadFilter, hours: WorkingHours, locale: Locale): AsyncGenerator<ExportCell[][]> {
  const label = (key: KeyUnder<'Desk', 'fields'>) => translate(locale, 'Desk', `fields.${key}`);
  // Shown fields are keyed by their translated label.
  const fieldLabels = FIELD_COLUMNS.map(label);
  // Kinds and statuses are a handful of values: each is translated once, not once a row.
  const names = new Map<string, string>();
  const named = (group: 'kinds' | 'statuses', value: string) => {
    const key = `${group}.${value}`;
    let name = names.get(key);
    if (name === undefined) names.set(key, (name = translateIfKnown(locale, 'Desk', key) ?? value));
    return name;
  };
  const inZone = (date: Date) => zonedText(date, hours.timeZone);
  const ask = (cursor?: Cursor) => {
    // Started now; a failure is raised where it is awaited.
    const rows = selectLeads(db, filter, hours, cursor, BATCH, true);
    rows.catch(() => undefined);
    return rows;
  };
  let next: ReturnType<typeof selectLeads> | undefined = ask();
  while (next) {
    const rows: Awaited<ReturnType<typeof selectLeads>> = await next;
    const last = rows.at(-1);
    next = rows.length === BATCH && last ? ask({ at: last.createdAtText, id: last.id }) : undefined;
    // A whole number of batches ends with an empty one: nothing to yield (a stream's pull that
    // enqueues nothing is not called again, and the download would wait for ever).
    if (!rows.length) return;
    yield rows.map((row) => {
      const fields = new Map(deskFields(row, locale).map((field) => [field.label, field.text]));
      return [row.createdAt, row.number, named('kinds', row.kind), named('statuses', row.status), ...fieldLabels.map((name) => fields.get(name)), row.lang, geoCountry(row), consentText(row, locale, inZone), row.firstContactAt, row.note];
    });
  }
}

/**
 * The leads of a filter as CSV, pulled a batch at a time as the client reads (so the server holds
 * one batch, whatever the size of the export): BOM, a header row in the desk's language, one row
 * per lead, times as the desk's clock shows them (DESK_WORKING_HOURS's zone, named in the header).
 */
export function exportLeadsCsv(db: Db, filter: LeadFilter, hours: WorkingHours, locale: Locale): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const separator = csvSeparator(locale);
  const batches = leadExportRows(db, filter, hours, locale);
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(exportHeader(locale, hours.timeZone), separator)));
          return;
        }
        const batch = await batches.next();
        if (batch.done) return controller.close();
        let chunk = '';
        for (const cells of batch.value) chunk += csvRow(cells.map((cell) => (cell instanceof Date ? zonedText(cell, hours.timeZone) : cell)), separator);
        if (chunk) controller.enqueue(encoder.encode(chunk));
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * The same rows as an Excel workbook, streamed (xlsx.ts): a moment is a date cell in the desk's
 * zone, the number a number, everything else (a phone among it) a text cell, never a formula.
 */
export function exportLeadsXlsx(db: Db, filter: LeadFilter, hours: WorkingHours, locale: Locale): ReadableStream<Uint8Array> {
  const header = exportHeader(locale, hours.timeZone);
  const columns: XlsxColumn[] = COLUMNS.map((key, at) => ({
    header: header[at]!,
    type: TIME_COLUMNS.has(key) ? 'date' : key === 'number' ? 'number' : 'text',
    width: TIME_COLUMNS.has(key) ? 20 : key === 'number' ? 10 : key === 'consent' || key === 'note' ? 40 : 18,
  }));
  async function* zoned() {
    for await (const batch of leadExportRows(db, filter, hours, locale)) yield batch.map((cells) => cells.map((cell) => (cell instanceof Date ? zonedWallClock(cell, hours.timeZone) : cell)));
  }
  return xlsxStream(translate(locale, 'Desk', 'xlsx.sheet'), columns, zoned());
}
