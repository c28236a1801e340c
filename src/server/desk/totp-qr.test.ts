import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { otpauthUri } from './totp';
import { enrolmentQrSvg } from './totp-qr';

/** The dark modules an SVG of the `qrcode` package draws: its path is runs of `M x y h n` / `m dx dy h n`. */
function darkModules(svg: string, margin: number): Set<string> {
  const d = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1] ?? /<path[^>]*d="([^"]+)"[^>]*stroke="#000000"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Number(b)];
    else if (command === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let step = 0; step < Number(a); step += 1) dark.add(`${x + step - margin},${Math.floor(y) - margin}`);
      x += Number(a);
    }
  }
  return dark;
}

describe('enrolment QR code', () => {
  it('draws the otpauth: link as an SVG QR code, module for module', async () => {
    const uri = otpauthUri('EpcSu', 'sales@example.com', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const svg = await enrolmentQrSvg(uri);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<script|href=/);
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row += 1) for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) expected.add(`${col},${row}`);
    expect(expected.size).toBeGreaterThan(100);
    expect(darkModules(svg, 2)).toEqual(expected);
    expect(svg).toContain(`viewBox="0 0 ${modules.size + 4} ${modules.size + 4}"`);
  });
});
