import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { paymentQrDrawing, type QrDrawing } from './qr-drawing';

/** The drawing painted as a bitmap (`scale` pixels a module), as a screen shows it. */
function paint({ size, path }: QrDrawing, scale = 4) {
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(run) * scale; dx++) {
        const at = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  return { pixels, side };
}

describe('the payment QR drawing', () => {
  it('reads back as the ST00012 text, Cyrillic and all', async () => {
    const text = 'ST00012|Name=ООО «ЕПК Су»|PersonalAcc=40702810938000012345|BankName=ПАО Сбербанк|BIC=044525225|CorrespAcc=30101810400000000225|PayeeINN=7701234560|KPP=770101001|Sum=4290000|Purpose=Оплата по счёту № 2026-000001';
    const drawing = await paymentQrDrawing(text);
    expect(drawing.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    const { pixels, side } = paint(drawing);
    const read = jsQR(pixels, side, side);
    expect(read?.binaryData && new TextDecoder().decode(Uint8Array.from(read.binaryData))).toBe(text);
  });
});
