import type { QRCode } from 'qrcode';

/** A QR code as an SVG drawing: its side in modules (the quiet zone included) and one path of its dark modules. */
export interface QrDrawing {
  size: number;
  path: string;
}

/** The quiet zone around a symbol, in modules (ISO/IEC 18004 asks for four). */
const QUIET = 4;

/** The dark modules as one path, each row's runs as rectangles, in module units. */
function qrDrawing(code: Pick<QRCode, 'modules'>): QrDrawing {
  const { size, data } = code.modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; ) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      parts.push(`M${x + QUIET} ${y + QUIET}h${run}v1h-${run}z`);
      x += run;
    }
  }
  return { size: size + 2 * QUIET, path: parts.join('') };
}

/**
 * The drawing of a payment QR code (GOST R 56042-2014: the `ST00012|…` text, UTF-8): the text as
 * one byte segment, error correction M. The encoder loads with the first code drawn.
 */
export async function paymentQrDrawing(text: string): Promise<QrDrawing> {
  const { create } = await import('qrcode');
  return qrDrawing(create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' }));
}
