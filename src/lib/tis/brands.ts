import { currentTisPrices, type TisPriceRow } from '@/content/tis-prices';

/** A row of the current TIS price list with a stable id for links and leads (`bmw-mini`). */
export interface TisBrand extends TisPriceRow {
  id: string;
}

/** Lower case without diacritics: `Škoda` and `skoda` compare equal. */
function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The id of a price-list row: its brand before any bracket, folded, words joined by dashes. */
export function tisBrandId(brand: string): string {
  const name = brand.split('(')[0] ?? '';
  return foldName(name).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The current list, in its order, with ids. */
export const tisBrands: readonly TisBrand[] = currentTisPrices.map((row) => ({ ...row, id: tisBrandId(row.brand) }));

export function findTisBrand(id: string): TisBrand | undefined {
  return tisBrands.find((brand) => brand.id === id);
}

/** ` hyundai kia `: folded words between spaces, so a whole-word search is a substring search. */
const words = (text: string) => ` ${foldName(text).split(/[^a-z0-9-]+/).filter(Boolean).join(' ')} `;

/** The row whose brand names this make in whole words (`Kia` → `Hyundai / Kia`). */
export function tisBrandForMake(make: string): TisBrand | undefined {
  const wanted = words(make);
  return wanted.trim() ? tisBrands.find((brand) => words(brand.brand).includes(wanted)) : undefined;
}
