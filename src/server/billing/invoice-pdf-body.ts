import 'server-only';
import type { InvoiceDocument } from '@/lib/billing/invoice';
import { amountInWords } from '@/lib/billing/amount-words';
import { rublesRu } from '@/lib/billing/invoice-text';
import { cellBorder, rule, textHeight, writeText } from './pdf-layout';

/*
 * The body of the invoice: its lines as the table of a «Счёт на оплату» (№, what, quantity, unit,
 * price, sum), the totals with the VAT included, and the sum in words.
 */

const PAD = 3;

/** The columns after the name's, right to left in width; the name takes what is left. */
const COLUMNS = { number: 22, quantity: 44, unit: 34, price: 72, amount: 78 } as const;
const HEADERS = ['№', 'Товары (работы, услуги)', 'Кол-во', 'Ед.', 'Цена', 'Сумма'] as const;

/** Where the page's writing ends: a row that would pass it starts the next page. */
export interface Page {
  top: number;
  bottom: number;
  next(): void;
}

function columnEdges(x: number, width: number): number[] {
  const nameWidth = width - COLUMNS.number - COLUMNS.quantity - COLUMNS.unit - COLUMNS.price - COLUMNS.amount;
  const widths = [COLUMNS.number, nameWidth, COLUMNS.quantity, COLUMNS.unit, COLUMNS.price, COLUMNS.amount];
  const edges = [x];
  for (const w of widths) edges.push(edges.at(-1)! + w);
  return edges;
}

function tableRow(doc: PDFKit.PDFDocument, cells: readonly string[], edges: number[], y: number, header: boolean): number {
  const aligns = header ? ['center', 'center', 'center', 'center', 'center', 'center'] : ['center', 'left', 'right', 'left', 'right', 'right'];
  const style = (index: number) => ({ face: header ? ('bold' as const) : ('regular' as const), align: aligns[index] as 'left' | 'right' | 'center' });
  const height = Math.max(...cells.map((text, index) => textHeight(doc, text, edges[index + 1]! - edges[index]! - 2 * PAD, style(index)))) + 2 * PAD + 1;
  cells.forEach((text, index) => {
    const left = edges[index]!;
    const width = edges[index + 1]! - left;
    cellBorder(doc, left, y, width, height);
    writeText(doc, text, left + PAD, y + PAD + 1, width - 2 * PAD, style(index));
  });
  return height;
}

/** The lines' table, its header again at the top of each further page. Answers the y below it. */
export function linesTable(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, x: number, y: number, width: number, page: Page): number {
  const edges = columnEdges(x, width);
  let top = y + tableRow(doc, HEADERS, edges, y, true);
  invoice.lines.forEach((line, index) => {
    const cells = [String(index + 1), line.name.ru, String(line.quantity), 'мес.', rublesRu(line.priceKopecks), rublesRu(line.amountKopecks)];
    if (top + textHeight(doc, line.name.ru, edges[2]! - edges[1]! - 2 * PAD) + 2 * PAD + 1 > page.bottom) {
      page.next();
      top = page.top + tableRow(doc, HEADERS, edges, page.top, true);
    }
    top += tableRow(doc, cells, edges, top, false);
  });
  return top;
}

/** «Итого», the VAT included (or «Без налога (НДС)»), «Всего к оплате», right-aligned under the sums. */
export function totalsBlock(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, x: number, y: number, width: number): number {
  const valueWidth = COLUMNS.amount;
  const labelWidth = 220;
  const valueX = x + width - valueWidth;
  const labelX = valueX - labelWidth - 6;
  const vat: [string, string] = invoice.vatRate === 'none' ? ['Без налога (НДС):', '—'] : [`В том числе НДС ${invoice.vatRate}%:`, rublesRu(invoice.vatKopecks)];
  const rows: [string, string][] = [['Итого:', rublesRu(invoice.totalKopecks)], vat, ['Всего к оплате:', rublesRu(invoice.totalKopecks)]];
  let top = y;
  for (const [label, value] of rows) {
    writeText(doc, label, labelX, top, labelWidth, { face: 'bold', align: 'right' });
    top += writeText(doc, value, valueX, top, valueWidth - PAD, { face: 'bold', align: 'right' }) + 3;
  }
  return top;
}

/** «Всего наименований N, на сумму … руб.» and the sum in words, over a heavy rule. */
export function sumInWordsBlock(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, x: number, y: number, width: number): number {
  let top = y + writeText(doc, `Всего наименований ${invoice.lines.length}, на сумму ${rublesRu(invoice.totalKopecks)} руб.`, x, y, width);
  top += writeText(doc, amountInWords(invoice.totalKopecks), x, top + 1, width, { face: 'bold' });
  rule(doc, x, top + 6, width, 2);
  return top + 8;
}
