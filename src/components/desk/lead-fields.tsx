import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/locales';
import { localizedPath } from '@/lib/paths';
import { quoteTis } from '@/lib/tis/quote';
import { tisQuoteText } from '@/lib/tis/quote-text';
import type { LeadDetails } from '@/server/desk/lead-view';
import { deskTranslator } from './desk-translator';

export interface LeadContact {
  phone: string;
  email: string | null;
  lang: string;
}

/** A lead's contacts and details as a definition list; empty ones are left out. */
export async function LeadFields({ locale, lead, details, extra = [] }: { locale: Locale; lead: LeadContact; details: LeadDetails; extra?: Array<[string, ReactNode]> }) {
  const [t, tt] = await Promise.all([deskTranslator(locale), getTranslations({ locale, namespace: 'TisCalculator' })]);
  const phoneHref = `tel:${lead.phone.replace(/[^\d+]/g, '')}`;
  const rows: Array<[string, ReactNode]> = [
    [t('fields.phone'), lead.phone ? <a href={phoneHref} className="font-semibold text-brand-700 underline">{lead.phone}</a> : null],
    [t('fields.email'), lead.email ? <a href={`mailto:${lead.email}`} className="break-all text-brand-700 underline">{lead.email}</a> : null],
    [t('fields.firm'), details.firm],
    [t('fields.country'), [details.country, details.city].filter(Boolean).join(', ')],
    [t('fields.clientType'), t.pick('clientTypes', details.clientType)],
    [t('fields.department'), t.pick('departments', details.department)],
    [t('fields.comment'), details.comment ? <span className="whitespace-pre-line">{details.comment}</span> : null],
    [t('fields.page'), details.page ? <code className="break-all">{details.page}</code> : null],
    [t('fields.utm'), details.utm],
    [t('fields.lang'), lead.lang],
    [t('fields.geo'), details.geoCountry],
    [t('fields.metrica'), details.metricaId],
    // The site's own VIN check answers what the car is and which catalogue covers it.
    [t('fields.vin'), details.vin ? <a href={`${localizedPath(locale, 'vehicle')}?${new URLSearchParams({ vin: details.vin })}#vin-check`} className="font-mono text-brand-700 underline">{details.vin}</a> : null],
    [t('fields.tis'), details.tis ? tisQuoteText(quoteTis(details.tis), locale, tt('months', { months: details.tis.months })) : null],
    ...extra,
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
