/**
 * A Japanese frame (chassis) number, as cars built for Japan's home market carry instead of a
 * 17-character VIN: the maker's model code, a dash and a serial, e.g. `GX100-1234567` (Toyota
 * Mark II) or `GDB-012345` (Subaru Impreza). It names the model but neither the maker nor the year
 * by itself; the catalogue looks it up as a whole.
 */
const FRAME_NUMBER = /^([A-Z][A-Z0-9]{1,7})-(\d{4,8})$/;

export interface FrameNumber {
  /** Normalised: upper case, one dash. */
  text: string;
  modelCode: string;
  serial: string;
}

export function parseFrameNumber(raw: string): FrameNumber | undefined {
  if (raw.length > 40) return undefined;
  const text = raw.trim().replace(/\s*-\s*/, '-').replace(/[a-z]/g, (letter) => letter.toUpperCase());
  const match = FRAME_NUMBER.exec(text);
  if (!match) return undefined;
  const [, modelCode = '', serial = ''] = match;
  return { text, modelCode, serial };
}
