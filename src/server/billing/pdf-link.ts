import 'server-only';
import { createHmac } from 'node:crypto';
import { purposeKey } from '../secret-key';
import { invoicePdfPath } from './invoice-view';
import { sameSecret } from '@/site/same-secret.mjs';

/*
 * A short-lived signed address of an invoice's PDF, for a plain link in the partner area (a link
 * carries no Bearer token): `?expires=<unix seconds>&sig=<HMAC-SHA256 of id and expiry>`, with a
 * key of its own derived from the server's secret. Whoever holds the link may fetch that one PDF
 * until it expires (docs/decisions/038).
 */

const PDF_LINK_SECONDS = 600;

const signature = (key: Buffer, id: string, expires: number) => createHmac('sha256', key).update(`${id}:${expires}`).digest('base64url');

/** Signs links for a while: one key lookup for a whole list of invoices. */
export async function pdfLinkSigner(now = Date.now()): Promise<(id: string) => string> {
  const key = await purposeKey('invoice-pdf-link');
  const expires = Math.floor(now / 1000) + PDF_LINK_SECONDS;
  return (id) => `${invoicePdfPath(id)}?expires=${expires}&sig=${signature(key, id, expires)}`;
}

/** Whether a link's expiry and signature are this invoice's and still good. */
export async function pdfLinkValid(id: string, expiresText: string, sig: string, now = Date.now()): Promise<boolean> {
  if (!/^\d{1,12}$/.test(expiresText)) return false;
  const expires = Number(expiresText);
  const seconds = now / 1000;
  if (expires < seconds || expires > seconds + PDF_LINK_SECONDS) return false;
  return sameSecret(sig, signature(await purposeKey('invoice-pdf-link'), id, expires));
}
