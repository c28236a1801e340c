import 'server-only';
import type { InvoiceLine, InvoiceParty } from '@/lib/billing/invoice';
import type { Locale } from '@/site/locales.mjs';
import type { MessageKey } from '@/i18n/message-keys';
import { translate } from '../i18n';
import { displayDay } from './calendar';
import { letterOf, type Letter } from './letter';
import { renewalUrl, type SiteAddress } from './partner-links';

/** A period about to end: the paying invoice's lines of that product, and its last day. */
export interface EndingPeriod {
  lines: readonly InvoiceLine[];
  until: string;
}

/**
 * The reminder that a subscription is ending: which company, which invoice, each line with its
 * last day, and how to renew: the partner area's link that issues the same invoice again, or,
 * without the site's address (no link can be absolute then), where to go and which invoice to repeat.
 */
export function renewalLetter(invoice: { id: string; number: string; buyer: InvoiceParty }, periods: readonly EndingPeriod[], lang: Locale, site: SiteAddress): Letter {
  const t = (key: MessageKey<'RenewalMail'>, values: Record<string, string> = {}) => translate(lang, 'RenewalMail', key, values);
  const first = [...periods].sort((a, b) => a.until.localeCompare(b.until))[0];
  const products = periods.flatMap((period) => period.lines.map((line) => t('product', { name: line.name[lang], until: displayDay(period.until, lang) })));
  const url = renewalUrl(site, lang, invoice.id);
  return letterOf(
    t('subject', { until: first ? displayDay(first.until, lang) : '' }),
    [
      t('body', { company: invoice.buyer.name, inn: invoice.buyer.inn, number: invoice.number, products: products.join('\n') }),
      url ? t('link', { url }) : t('noLink', { site: site.name, number: invoice.number }),
      translate(lang, 'InvoiceMail', 'signature', { site: site.name }),
    ],
    url,
  );
}
