import 'server-only';
import type { InvoiceDocument, InvoiceParty, SellerParty } from '@/lib/billing/invoice';
import { dateDotted, dateWritten } from '@/lib/billing/invoice-text';
import { cellBorder, rule, textHeight, writeText } from './pdf-layout';

/*
 * The head of a «Счёт на оплату» as Russian accountants know it: the payee's bank details in the
 * bordered grid a payment order is typed from, the title with the number and date, then who
 * supplies, who buys and on what grounds.
 */

const PAD = 3;
const CAPTION = { size: 7 } as const;

/**
 * The grid: the bank, its BIC and correspondent account; the payee's INN and KPP, its account;
 * the payee. Answers the y below it.
 */
export function bankBlock(doc: PDFKit.PDFDocument, seller: SellerParty, x: number, y: number, width: number): number {
  const valueWidth = 128;
  const labelWidth = 38;
  const leftWidth = width - labelWidth - valueWidth;
  const labelX = x + leftWidth;
  const valueX = labelX + labelWidth;
  const bankHeight = Math.max(34, textHeight(doc, seller.bankName, leftWidth - 2 * PAD) + 16);
  const payeeHeight = Math.max(38, textHeight(doc, seller.name, leftWidth - 2 * PAD) + 16);
  const idHeight = 16;
  const bicHeight = 16;

  cellBorder(doc, x, y, leftWidth, bankHeight);
  writeText(doc, seller.bankName, x + PAD, y + PAD, leftWidth - 2 * PAD);
  writeText(doc, 'Банк получателя', x + PAD, y + bankHeight - 11, leftWidth - 2 * PAD, CAPTION);
  cellBorder(doc, labelX, y, labelWidth, bicHeight);
  writeText(doc, 'БИК', labelX + PAD, y + PAD + 1, labelWidth - 2 * PAD);
  cellBorder(doc, valueX, y, valueWidth, bicHeight);
  writeText(doc, seller.bic, valueX + PAD, y + PAD + 1, valueWidth - 2 * PAD);
  cellBorder(doc, labelX, y + bicHeight, labelWidth, bankHeight - bicHeight);
  writeText(doc, 'Сч. №', labelX + PAD, y + bicHeight + PAD + 1, labelWidth - 2 * PAD);
  cellBorder(doc, valueX, y + bicHeight, valueWidth, bankHeight - bicHeight);
  writeText(doc, seller.corrAccount, valueX + PAD, y + bicHeight + PAD + 1, valueWidth - 2 * PAD);

  const idY = y + bankHeight;
  const half = leftWidth / 2;
  cellBorder(doc, x, idY, half, idHeight);
  writeText(doc, `ИНН ${seller.inn}`, x + PAD, idY + PAD + 1, half - 2 * PAD);
  cellBorder(doc, x + half, idY, half, idHeight);
  writeText(doc, seller.kpp ? `КПП ${seller.kpp}` : 'КПП', x + half + PAD, idY + PAD + 1, half - 2 * PAD);
  const payeeY = idY + idHeight;
  cellBorder(doc, x, payeeY, leftWidth, payeeHeight);
  writeText(doc, seller.name, x + PAD, payeeY + PAD, leftWidth - 2 * PAD);
  writeText(doc, 'Получатель', x + PAD, payeeY + payeeHeight - 11, leftWidth - 2 * PAD, CAPTION);
  cellBorder(doc, labelX, idY, labelWidth, idHeight + payeeHeight);
  writeText(doc, 'Сч. №', labelX + PAD, idY + PAD + 1, labelWidth - 2 * PAD);
  cellBorder(doc, valueX, idY, valueWidth, idHeight + payeeHeight);
  writeText(doc, seller.account, valueX + PAD, idY + PAD + 1, valueWidth - 2 * PAD);
  return payeeY + payeeHeight;
}

/** «Счёт на оплату № … от 27 ноября 2026 г.» over a heavy rule. */
export function titleBlock(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, x: number, y: number, width: number): number {
  const height = writeText(doc, `Счёт на оплату № ${invoice.number} от ${dateWritten(invoice.date)}`, x, y, width, { size: 14, face: 'bold' });
  rule(doc, x, y + height + 4, width, 2);
  return y + height + 6;
}

/** A party in one line, as the form writes it: name, INN, KPP, address. */
function partyLine(party: InvoiceParty): string {
  return [party.name, `ИНН ${party.inn}`, party.kpp ? `КПП ${party.kpp}` : '', party.address].filter(Boolean).join(', ');
}

/** Поставщик, Покупатель and Основание, each a label and its text. */
export function partiesBlock(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, x: number, y: number, width: number): number {
  const labelWidth = 82;
  const rows: [string, string][] = [
    ['Поставщик\n(Исполнитель):', partyLine(invoice.seller)],
    ['Покупатель\n(Заказчик):', partyLine(invoice.buyer)],
    ['Основание:', `Договор-оферта (редакция от ${dateDotted(invoice.offerVersion)})`],
  ];
  let top = y;
  for (const [label, text] of rows) {
    const labelHeight = writeText(doc, label, x, top, labelWidth);
    const textHeight = writeText(doc, text, x + labelWidth, top, width - labelWidth, { face: 'bold' });
    top += Math.max(labelHeight, textHeight) + 7;
  }
  return top;
}
