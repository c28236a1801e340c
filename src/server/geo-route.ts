import 'server-only';
import { isRequestFromRussia, requestCountry } from './geo';

/**
 * `{ result: { country: 'RU' | … | null } }`: the visitor's country by the same decision as the
 * pages (the CDN's GEO_HEADER, else GeoIP), for forms that start with it chosen.
 */
export function visitorCountry(request: Request): Response {
  return Response.json({ result: { country: requestCountry(request.headers) ?? null } }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/** `{ result: true }` when the visitor's address is in Russia (same decision as the pages). */
export function visitorInRussia(request: Request): Response {
  return Response.json({ result: isRequestFromRussia(request.headers) }, { headers: { 'Cache-Control': 'private, no-store' } });
}
