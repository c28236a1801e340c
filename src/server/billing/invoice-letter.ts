import 'server-only';
import type { InvoiceDocument } from '@/lib/billing/invoice';
import { formatKopecks } from '@/lib/money';
import type { Locale } from '@/site/locales.mjs';
import type { MessageKey } from '@/i18n/message-keys';
import { translate } from '../i18n';
import { displayDay } from './calendar';
import { letterOf, type Letter } from './letter';
import { invoicePageUrl, type SiteAddress } from './partner-links';

/** The letter that carries an invoice's PDF to its buyer: what it is, how much, by when, where to see it. */
export function invoiceLetter(invoice: InvoiceDocument, lang: Locale, site: SiteAddress): Letter {
  const t = (key: MessageKey<'InvoiceMail'>, values: Record<string, string> = {}) => translate(lang, 'InvoiceMail', key, values);
  const url = invoicePageUrl(site, lang, invoice.id);
  return letterOf(
    t('subject', { number: invoice.number }),
    [
      t('body', {
        number: invoice.number,
        date: displayDay(invoice.date, lang),
        total: formatKopecks(invoice.totalKopecks, lang),
        company: invoice.buyer.name,
        inn: invoice.buyer.inn,
        dueDate: displayDay(invoice.dueDate, lang),
      }),
      url ? t('link', { url }) : t('noLink', { site: site.name }),
      t('signature', { site: site.name }),
    ],
    url,
  );
}
