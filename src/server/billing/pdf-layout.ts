import 'server-only';
import type { Face } from './pdf-fonts';

/*
 * The few drawing steps a Russian form is made of: text in a box, a bordered cell, a rule, a
 * signature line. Points throughout (1/72 inch); y grows down the page, as pdfkit has it.
 */

export interface TextStyle {
  size?: number;
  face?: Face;
  align?: 'left' | 'right' | 'center';
}

const LINE_GAP = 1;

function setFace(doc: PDFKit.PDFDocument, { size = 9, face = 'regular' }: TextStyle): PDFKit.PDFDocument {
  return doc.font(face).fontSize(size);
}

/** The height of a text set `width` wide in a style. */
export function textHeight(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle = {}): number {
  return setFace(doc, style).heightOfString(text, { width, lineGap: LINE_GAP });
}

/** The width of a text on one line in a style. */
export function textWidth(doc: PDFKit.PDFDocument, text: string, style: TextStyle = {}): number {
  return setFace(doc, style).widthOfString(text);
}

/** Writes a text `width` wide at (x, y); answers the height it took. */
export function writeText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  const height = textHeight(doc, text, width, style);
  setFace(doc, style).fillColor('#000000').text(text, x, y, { width, align: style.align ?? 'left', lineGap: LINE_GAP });
  return height;
}

/** A bordered cell. */
export function cellBorder(doc: PDFKit.PDFDocument, x: number, y: number, width: number, height: number, lineWidth = 0.6): void {
  doc.save().lineWidth(lineWidth).strokeColor('#000000').rect(x, y, width, height).stroke().restore();
}

/** A horizontal rule from x over `width`. */
export function rule(doc: PDFKit.PDFDocument, x: number, y: number, width: number, lineWidth: number): void {
  doc.save().lineWidth(lineWidth).strokeColor('#000000').moveTo(x, y).lineTo(x + width, y).stroke().restore();
}

/**
 * A signature line: «Руководитель ____________ ____________», the first line for the signature,
 * the second for the name (written on it when known), each captioned below, as forms have it.
 */
export function signatureLine(doc: PDFKit.PDFDocument, label: string, name: string, x: number, y: number, width: number, labelWidth: number): void {
  const signWidth = (width - labelWidth) * 0.45;
  const nameX = x + labelWidth + signWidth + 8;
  const nameWidth = width - (nameX - x);
  writeText(doc, label, x, y + 2, labelWidth, { face: 'bold' });
  rule(doc, x + labelWidth, y + 13, signWidth, 0.6);
  writeText(doc, 'подпись', x + labelWidth, y + 15, signWidth, { size: 6, align: 'center' });
  if (name) writeText(doc, name, nameX, y + 2, nameWidth, { align: 'center' });
  rule(doc, nameX, y + 13, nameWidth, 0.6);
  writeText(doc, 'расшифровка подписи', nameX, y + 15, nameWidth, { size: 6, align: 'center' });
}
