import 'server-only';
import QRCode from 'qrcode';

/**
 * Draws a QR code as vector squares at (x, y), `size` points wide with its quiet zone, so it stays
 * sharp at any zoom and on any printer. The text is one byte segment (UTF-8, no mixed modes), the
 * plainest form for a bank's app to read; error correction M survives a creased printout.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  doc.save();
  for (let row = 0; row < modules.size; row += 1) {
    // Each run of dark modules in a row is one rectangle: fewer operators, no seams between them.
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < modules.size && modules.get(row, col + 1)) col += 1;
      doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (col - start + 1) * cell, cell);
    }
  }
  doc.fill('#000000').restore();
}
