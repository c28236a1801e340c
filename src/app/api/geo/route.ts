import { requestCountry } from '@/server/geo';

export const dynamic = 'force-dynamic';

/**
 * `{ result: { country: 'RU' | … | null } }`: the visitor's country by the same decision as the
 * pages (the CDN's GEO_HEADER, else GeoIP), for forms that start with it chosen.
 */
export function GET(request: Request) {
  return Response.json({ result: { country: requestCountry(request.headers) ?? null } }, { headers: { 'Cache-Control': 'private, no-store' } });
}
