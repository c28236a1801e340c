/*
 * How a Russian invoice writes its figures and dates, shared by its PDF and its payment QR's
 * purpose: `42 900,00`, `27.11.2026`, «27 ноября 2026 г.», «в т.ч. НДС 22%».
 */
import type { VatRate } from './invoice';

/** Kopecks as roubles with a decimal comma, thousands apart (by `group`): `4290000` → `42 900,00`. */
export function rublesRu(kopecks: number, group = ' '): string {
  const whole = String(Math.floor(Math.abs(kopecks) / 100)).replace(/\B(?=(\d{3})+$)/g, group);
  return `${kopecks < 0 ? '-' : ''}${whole},${String(Math.abs(kopecks) % 100).padStart(2, '0')}`;
}

const parts = (day: string) => day.split('-');

/** `2026-11-27` → `27.11.2026`. */
export function dateDotted(day: string): string {
  const [year, month, date] = parts(day);
  return `${date}.${month}.${year}`;
}

const MONTHS_GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** `2026-11-27` → «27 ноября 2026 г.», as a document is dated. */
export function dateWritten(day: string): string {
  const [year, month, date] = parts(day);
  return `${Number(date)} ${MONTHS_GENITIVE[Number(month) - 1]} ${year} г.`;
}

/** The VAT included, as a payment's purpose states it: «в т.ч. НДС 22% 7736,07 руб.», or «НДС не облагается». */
export function vatClause(rate: VatRate, vatKopecks: number): string {
  return rate === 'none' ? 'НДС не облагается' : `в т.ч. НДС ${rate}% ${rublesRu(vatKopecks, '')} руб.`;
}
