import 'server-only';
import { CSV_BOM, csvRow } from './csv';
import { BANDS, bucketText } from './report-figures';
import { DIMENSIONS, type Dimension, type LeadReport } from './report';

const REPORT_TABLES = [...DIMENSIONS, 'owners', 'weeks'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
export const isReportTable = (value: unknown): value is ReportTable => REPORT_TABLES.includes(value as ReportTable);

/** The words of the CSV's header and of rows without a key, in the desk's language. */
export interface ReportCsvText {
  key: Record<Dimension, string>;
  none: Record<Dimension, string>;
  columns: Record<'leads' | 'contacted' | 'median' | 'p90' | 'invoices' | 'invoiced' | 'payments' | 'paid', string>;
  person: string;
  unowned: string;
  waiting: string;
  bands: Record<(typeof BANDS)[number]['id'], string>;
  week: string;
}

/** Kopecks as roubles with two decimals and a point (`42900.00`): a number for a spreadsheet, not a formatted text. */
export const roublesText = (kopecks: number) => `${Math.trunc(kopecks / 100)}.${String(Math.abs(kopecks % 100)).padStart(2, '0')}`;

const minutes = (lower: number | undefined) => (lower === undefined ? '' : bucketText(lower));

/** The rows of one of the report's tables as CSV: the same rows and numbers the page shows. */
export function reportCsv(report: LeadReport, table: ReportTable, text: ReportCsvText): string {
  const lines: string[] = [];
  if (table === 'owners') {
    lines.push(csvRow([text.person, text.columns.leads, text.columns.contacted, text.columns.median, ...BANDS.map((band) => text.bands[band.id]), text.waiting]));
    for (const row of report.owners) lines.push(csvRow([row.name ?? text.unowned, row.leads, row.contacted, minutes(row.median), ...BANDS.map((band) => row.bands[band.id]), row.leads - row.contacted]));
  } else if (table === 'weeks') {
    lines.push(csvRow([text.week, text.columns.leads]));
    for (const week of report.weeks) lines.push(csvRow([week.start, week.leads]));
  } else {
    const c = text.columns;
    lines.push(csvRow([text.key[table], c.leads, c.contacted, c.median, c.p90, c.invoices, c.invoiced, c.payments, c.paid]));
    for (const row of report.tables[table]) {
      lines.push(csvRow([row.key ?? text.none[table], row.leads, row.contacted, minutes(row.median), minutes(row.p90), row.invoices, roublesText(row.invoicedKopecks), row.payments, roublesText(row.paidKopecks)]));
    }
  }
  return CSV_BOM + lines.join('');
}
