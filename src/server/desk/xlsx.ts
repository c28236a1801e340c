import 'server-only';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { withoutBidiControls } from '@/lib/bidi';

export interface XlsxColumn {
  header: string;
  /** A date cell (with a date format), a number, or a text cell (formatted as text: an edit keeps it text). */
  type: 'date' | 'number' | 'text';
  width: number;
}

type Cell = Date | number | string | null | undefined;

/** XML 1.0 has no place for these; the bidi controls are dropped as in the desk and the CSV. */
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** How much of the sheet's XML may wait for the zip before the next batch is made. */
const BACKLOG_LIMIT = 1 << 20;
const WAIT_MS = 5;

/**
 * The sheet's bytes the zip has not taken yet: what exceljs's stream buffers (64 KB blocks) and
 * what the zip entry it writes into holds. exceljs writes a row without waiting for the zip, so
 * without this a fast database would pile the whole sheet up in memory.
 */
function backlog(sheet: ExcelJS.Worksheet): number {
  const stream = (sheet as unknown as { _stream?: { buffers?: unknown[]; pipes?: Array<{ writableLength?: number }> } })._stream;
  if (!stream) return 0;
  return (stream.buffers?.length ?? 0) * 65_536 + (stream.pipes ?? []).reduce((sum, pipe) => sum + (pipe.writableLength ?? 0), 0);
}

function typedCell(value: Cell, type: XlsxColumn['type']): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'date' && value instanceof Date) return value;
  if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
  // An inline string (t="inlineStr"): text, whatever it starts with, never run as a formula.
  const text = withoutBidiControls(value instanceof Date ? value.toISOString() : String(value)).replace(NOT_IN_XML, '');
  return { richText: [{ text }] };
}

/**
 * A one-sheet workbook streamed as it is made (exceljs's streaming writer, no shared strings, so
 * nothing grows with the rows): a bold header row, then the rows of each batch. A batch is asked for
 * only when the reader wants more bytes, so the server holds about one batch and the zip's buffers.
 */
export function xlsxStream(sheetName: string, columns: XlsxColumn[], batches: AsyncIterable<Cell[][]>): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, at) => ({
    key: String(at),
    width: column.width,
    style: { numFmt: column.type === 'date' ? DATE_FORMAT : column.type === 'text' ? '@' : '0' },
  }));
  const iterator = batches[Symbol.asyncIterator]();
  let wrote = false;
  let finished = false;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const nudge = () => {
    wake?.();
    wake = undefined;
  };
  /** Until the zip gives out bytes (or ends), at most a moment. */
  const settle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 200);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        output.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          nudge();
        });
        output.on('end', () => {
          ended = true;
          controller.close();
          nudge();
        });
        output.on('error', (error) => {
          failure = error;
          nudge();
        });
      },
      async pull(controller) {
        if (failure) return controller.error(failure);
        if (finished) {
          // Everything is written: the zip's last bytes are on their way.
          if (!ended) await settle();
          return;
        }
        if (!wrote) {
          wrote = true;
          const head = sheet.addRow(columns.map((column) => column.header));
          head.font = { bold: true };
          head.commit();
        }
        const batch = await iterator.next();
        if (batch.done) {
          finished = true;
          sheet.commit();
          workbook.commit().catch((error: unknown) => {
            failure = error;
            nudge();
          });
          return;
        }
        for (const cells of batch.value) sheet.addRow(cells.map((cell, at) => typedCell(cell, columns[at]!.type))).commit();
        // The zip catches up before the next batch is asked for: memory holds about one batch.
        while (backlog(sheet) > BACKLOG_LIMIT && !failure) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      },
      async cancel() {
        await iterator.return?.();
        output.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}
