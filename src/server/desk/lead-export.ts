import 'server-only';
import type { Db } from '@/db/client';
import type { Locale } from '@/lib/locales';
import { translate } from '../i18n';
import { CSV_BOM, csvRow } from './csv';
import type { LeadFilter } from './lead-filter';
import { selectLeads, type Cursor } from './lead-list';
import { leadDetails } from './lead-view';
import type { WorkingHours } from './working-hours';

const BATCH = 5000;
const COLUMNS = ['created', 'kind', 'status', 'name', 'phone', 'email', 'firm', 'country', 'city', 'clientType', 'comment', 'department', 'page', 'utm', 'lang', 'geo', 'metrica', 'firstContact', 'note'] as const;

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
  const named = (group: string, value: string) => translate(locale, 'Desk', `${group}.${value}`).replace(`${group}.`, '');
  let cursor: Cursor | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvRow(COLUMNS.map(label), separator)));
          return;
        }
        const rows = await selectLeads(db, filter, hours, cursor, BATCH);
        let chunk = '';
        for (const row of rows) {
          const details = leadDetails(row.kind, row.payload, row.clientAddress);
          chunk += csvRow(
            [row.createdAt, named('kinds', row.kind), named('statuses', row.status), row.name, row.phone, row.email, details.firm, details.country, details.city, details.clientType, details.comment, details.department, details.page, details.utm, row.lang, details.geoCountry, details.metricaId, row.firstContactAt, row.note],
            separator,
          );
        }
        if (chunk) controller.enqueue(encoder.encode(chunk));
        const last = rows.at(-1);
        if (rows.length < BATCH || !last) controller.close();
        else cursor = { at: last.createdAtText, id: last.id };
      },
    },
    { highWaterMark: 1 },
  );
}
