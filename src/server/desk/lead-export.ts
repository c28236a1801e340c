import 'server-only';
import type { Db } from '@/db/client';
import type { Locale } from '@/site/locales.mjs';
import { translate } from '../i18n';
import { CSV_BOM, csvRow } from './csv';
import type { LeadFilter } from './lead-filter';
import { selectLeads, type Cursor } from './lead-list';
import { allFieldLabels } from '@/lib/leads/definitions';
import { consentText, deskFields, geoCountry } from './lead-view';
import type { WorkingHours } from './working-hours';

// Small enough that a batch's rows die young (the server's memory stays flat), large enough that
// the keyset query per batch costs little.
const BATCH = 1000;
/** The lead's own columns around its fields: every label of every kind's definition (src/lib/leads/), one column each. */
const FIELD_COLUMNS = allFieldLabels();
const COLUMNS = ['created', 'number', 'kind', 'status', ...FIELD_COLUMNS, 'lang', 'geo', 'consent', 'firstContact', 'note'];
const isoTime = (date: Date) => date.toISOString();

/** Russian Excel splits on semicolons, English on commas. */
const csvSeparator = (locale: Locale) => (locale === 'ru' ? ';' : ',');

/**
 * The leads of a filter as CSV, newest first, pulled a batch at a time as the client reads (so the
 * server holds one batch, whatever the size of the export): BOM, a header row in the desk's
 * language, one row per lead.
 */
export function exportLeadsCsv(db: Db, filter: LeadFilter, hours: WorkingHours, locale: Locale): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const separator = csvSeparator(locale);
  const label = (key: string) => translate(locale, 'Desk', `fields.${key}`);
  // Shown fields are keyed by their translated label.
  const fieldLabels = FIELD_COLUMNS.map(label);
  // Kinds and statuses are a handful of values: each is translated once, not once a row.
  const names = new Map<string, string>();
  const named = (group: string, value: string) => {
    const key = `${group}.${value}`;
    let name = names.get(key);
    if (name === undefined) names.set(key, (name = translate(locale, 'Desk', key).replace(`${group}.`, '')));
    return name;
  };
  // The next batch is asked for while this one is written out: the database works beside us.
  let next: ReturnType<typeof selectLeads> | undefined;
  const ask = (cursor?: Cursor) => {
    // Started now; a failure is raised by the pull that awaits it.
    const rows = selectLeads(db, filter, hours, cursor, BATCH, true);
    rows.catch(() => undefined);
    return rows;
  };
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          next = ask();
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(COLUMNS.map(label), separator)));
          return;
        }
        const rows = await next!;
        const last = rows.at(-1);
        next = rows.length === BATCH && last ? ask({ at: last.createdAtText, id: last.id }) : undefined;
        let chunk = '';
        for (const row of rows) {
          const fields = new Map(deskFields(row, locale).map((field) => [field.label, field.text]));
          chunk += csvRow(
            [row.createdAt, row.number, named('kinds', row.kind), named('statuses', row.status), ...fieldLabels.map((name) => fields.get(name)), row.lang, geoCountry(row), consentText(row, locale, isoTime), row.firstContactAt, row.note],
            separator,
          );
        }
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (!next) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
