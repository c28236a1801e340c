import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { translate } from '../i18n';

/** Sales read every message to them (Telegram, e-mail, the CRMs' records, the reminders) in Russian. */
export const SALES: Locale = 'ru';

/** The text of the desk link that ends a message to sales. */
export const deskLinkText = (): string => translate(SALES, 'SalesMessages', 'deskLink');
