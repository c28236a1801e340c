import 'server-only';
import { isLeadKind } from '@/lib/leads/definitions';
import type { Locale } from '@/site/locales.mjs';
import { translate } from '../i18n';
import { SALES } from './sales-texts';

/** A stored lead's kind as people read it (`Desk.kinds`); a kind no definition has (an old row) as it is. */
export const kindName = (locale: Locale, kind: string): string => (isLeadKind(kind) ? translate(locale, 'Desk', `kinds.${kind}`) : kind);

/**
 * How a message to sales heads a lead of the kind: `SalesMessages.titles`, or in a digest's line
 * the shorter `digestTitles`. The lead's number follows («🧾 Счёт на оплату · заявка №12», never to
 * be read as the invoice's number). A kind no definition has as it is.
 */
export function kindTitle(kind: string, place: 'message' | 'digest' = 'message'): string {
  if (!isLeadKind(kind)) return kind;
  return translate(SALES, 'SalesMessages', place === 'digest' ? `digestTitles.${kind}` : `titles.${kind}`);
}
