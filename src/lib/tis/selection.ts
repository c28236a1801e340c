import { findTisBrand } from './brands';
import { TIS_CURRENCIES, TIS_PERIODS, type TisCurrency, type TisPeriod, type TisSelection } from './quote';

/** A query as Next hands it to a page (`searchParams`), or as URLSearchParams. */
export type QueryInput = URLSearchParams | Readonly<Record<string, string | string[] | undefined>>;

type TisQueryField = 'brands' | 'months' | 'currency';

export interface ParsedTisQuery {
  /** What can be shown: known brands only, the defaults where a value was missing or wrong. */
  selection: TisSelection;
  /** The values that were ignored, to tell the visitor (a stale or edited link). */
  ignored: { field: TisQueryField; value: string }[];
}

const MAX_QUERY_VALUE = 1000;
/** More brand values than this are not read (the list has about a dozen). */
const MAX_BRAND_VALUES = 50;

function values(query: QueryInput, field: TisQueryField): string[] {
  const raw = query instanceof URLSearchParams ? query.getAll(field) : [query[field] ?? []].flat();
  return raw.map((value) => value.slice(0, MAX_QUERY_VALUE));
}

/**
 * Reads a shareable calculator link: `?brands=vag,bmw-mini&months=3&currency=EUR` (brands may
 * also repeat). Never fails: unknown brands and wrong values are dropped and listed in `ignored`.
 */
export function parseTisQuery(query: QueryInput, defaults: { currency: TisCurrency } = { currency: 'RUB' }): ParsedTisQuery {
  const ignored: ParsedTisQuery['ignored'] = [];
  const brands: string[] = [];
  for (const value of values(query, 'brands').flatMap((list) => list.split(',')).slice(0, MAX_BRAND_VALUES)) {
    const id = value.trim().toLowerCase();
    if (!id || brands.includes(id)) continue;
    if (findTisBrand(id)) brands.push(id);
    else ignored.push({ field: 'brands', value });
  }
  const months = pick(values(query, 'months')[0], TIS_PERIODS.map(String), 'months', ignored);
  const currency = pick(values(query, 'currency')[0]?.toUpperCase(), TIS_CURRENCIES, 'currency', ignored);
  return {
    selection: { brands, months: months ? (Number(months) as TisPeriod) : 1, currency: (currency as TisCurrency | undefined) ?? defaults.currency },
    ignored,
  };
}

function pick(value: string | undefined, allowed: readonly string[], field: TisQueryField, ignored: ParsedTisQuery['ignored']): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (allowed.includes(value)) return value;
  ignored.push({ field, value });
  return undefined;
}

/** The query string of a selection, for the shareable link (`brands=vag,ford&months=3&currency=RUB`). */
export function tisQueryString({ brands, months, currency }: TisSelection): string {
  return new URLSearchParams({ brands: brands.join(','), months: String(months), currency }).toString();
}
