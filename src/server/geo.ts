import 'server-only';
import { visitorOf } from '@/edge/visitor.mjs';
import { getEnv } from './env';

/** The client address of a request under TRUST_PROXY (the edge appends the socket peer). */
export function requestAddress(headers: Headers): string | undefined {
  return visitorOf(headers.get('x-forwarded-for'), getEnv().TRUST_PROXY).address;
}

/** Whether the visitor of this request is in Russia: the same decision the edge router makes. */
export function isRequestFromRussia(headers: Headers): boolean {
  const { TRUST_PROXY, GEO_HEADER } = getEnv();
  return visitorOf(headers.get('x-forwarded-for'), TRUST_PROXY, GEO_HEADER ? headers.get(GEO_HEADER) : null).isRu;
}
