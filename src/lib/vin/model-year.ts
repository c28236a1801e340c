/**
 * The model year at position 10: 30 codes (letters without I, O, Q, U, Z, then 1–9) repeat every
 * 30 years from 1980, so `A` is 1980 or 2010. `U`, `Z` and `0` are no year code: many European and
 * Russian makers put something else there, which is not an error.
 */
const CYCLE = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_YEAR = 1980;
const CYCLE_YEARS = 30;

const MODEL_YEAR_POSITION = 10;

export interface ModelYear {
  code: string;
  /** Possible years, oldest first; empty when the position holds no year code. */
  years: number[];
  /**
   * How the years were found: `cycle` (every match up to next year), `position7` (49 CFR 565.15
   * for North American light vehicles: a digit at position 7 means 1980–2009, a letter 2010–2039),
   * `notEncoded` (no year code at position 10).
   */
  rule: 'cycle' | 'position7' | 'notEncoded';
}

export interface ModelYearContext {
  /** The 49 CFR 565 light-vehicle rule applies (North American car or light truck). */
  position7Rule: boolean;
  /** The latest year that can be meant: next year by default (model years start early). */
  maxYear?: number;
}

export function modelYearOf(vin: string, { position7Rule, maxYear = new Date().getFullYear() + 1 }: ModelYearContext): ModelYear {
  const code = vin.charAt(MODEL_YEAR_POSITION - 1);
  const index = CYCLE.indexOf(code);
  if (index < 0) return { code, years: [], rule: 'notEncoded' };
  const years: number[] = [];
  for (let year = FIRST_YEAR + index; year <= maxYear; year += CYCLE_YEARS) years.push(year);
  if (position7Rule) {
    const start = /[0-9]/.test(vin.charAt(6)) ? FIRST_YEAR : FIRST_YEAR + CYCLE_YEARS;
    const narrowed = years.filter((year) => year >= start && year < start + CYCLE_YEARS);
    if (narrowed.length) return { code, years: narrowed, rule: 'position7' };
  }
  return { code, years, rule: 'cycle' };
}
