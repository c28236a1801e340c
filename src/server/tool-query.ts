import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { parseTisQuery, tisQueryString, type ParsedTisQuery, type QueryInput } from '@/lib/tis/selection';
import { vinForLead } from '@/lib/vin/decode';

/**
 * What the order form of a tool's answer carries without scripts: the query that brings the
 * visitor back to the same answer (the form post returns to the page with it), and the VIN or the
 * TIS set for the lead.
 */
export interface OrderCarry {
  query: string;
  vin?: string;
  tis?: string;
}

function firstValue(query: QueryInput | undefined, key: string): string {
  if (!query) return '';
  return (query instanceof URLSearchParams ? query.get(key) : [query[key] ?? []].flat()[0]) ?? '';
}

/** The VIN asked about on /vehicle (`?vin=`), as typed. */
export function vehicleRequest(query?: QueryInput): { vin: string; carry?: OrderCarry } {
  const vin = firstValue(query, 'vin');
  if (!vin.trim()) return { vin };
  const lead = vinForLead(vin);
  return { vin, carry: { query: new URLSearchParams({ vin: lead ?? vin.trim() }).toString(), vin: lead } };
}

/** The TIS set asked about on /tis; without a currency, the language's usual one. */
export function tisRequest(locale: Locale, query?: QueryInput): { parsed: ParsedTisQuery; carry?: OrderCarry } {
  const parsed = parseTisQuery(query ?? {}, { currency: locale === 'ru' ? 'RUB' : 'EUR' });
  if (!parsed.selection.brands.length) return { parsed };
  const set = tisQueryString(parsed.selection);
  return { parsed, carry: { query: set, tis: set } };
}
