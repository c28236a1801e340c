import 'server-only';
import { visitorOf } from '@/site/visitor.mjs';
import { getEnv } from './env';

/** The client address of a request under TRUST_PROXY (the edge appends the socket peer). */
export function requestAddress(headers: Headers): string | undefined {
  return visitorOf(headers.get('x-forwarded-for'), getEnv().TRUST_PROXY).address;
}

/** The visitor of a request as the edge router sees it: address, country (CDN header or GeoIP). */
function requestVisitor(headers: Headers) {
  const { TRUST_PROXY, GEO_HEADER } = getEnv();
  return visitorOf(headers.get('x-forwarded-for'), TRUST_PROXY, GEO_HEADER ? headers.get(GEO_HEADER) : null);
}

/** Whether the visitor of this request is in Russia: the same decision the edge router makes. */
export function isRequestFromRussia(headers: Headers): boolean {
  return requestVisitor(headers).isRu;
}

/** The visitor's two-letter country, from the same answer; undefined when unknown (private addresses…). */
export function requestCountry(headers: Headers): string | undefined {
  return requestVisitor(headers).country;
}
