import 'server-only';
import { isLeadKind } from '@/lib/leads/definitions';
import type { Locale } from '@/site/locales.mjs';
import { translate } from '../i18n';

/** A stored lead's kind as people read it (`Desk.kinds`); a kind no definition has (an old row) as it is. */
export const kindName = (locale: Locale, kind: string): string => (isLeadKind(kind) ? translate(locale, 'Desk', `kinds.${kind}`) : kind);
