import type { ReactNode } from 'react';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import type { ShownField } from '@/server/leads/shown-fields';
import { consentText, deskFields, geoCountry, type StoredLead } from '@/server/desk/lead-view';
import { deskTranslator } from './desk-translator';

/** A field's value as the desk shows it: a phone to call, an e-mail to write, a VIN to check. */
function shown(field: ShownField, locale: Locale): ReactNode {
  switch (field.show) {
    case 'phone':
      return (
        <a href={`tel:${String(field.value).replace(/[^\d+]/g, '')}`} className="font-semibold text-brand-700 underline">
          {field.text}
        </a>
      );
    case 'email':
      return (
        <a href={`mailto:${field.text}`} className="break-all text-brand-700 underline">
          {field.text}
        </a>
      );
    case 'longText':
    case 'invoiceItems':
      return <span className="whitespace-pre-line">{field.text}</span>;
    case 'page':
      return <code className="break-all">{field.text}</code>;
    case 'vin':
      // The site's own VIN check answers what the car is and which catalogue covers it.
      return (
        <a href={`${localizedPath(locale, 'vehicle')}?${new URLSearchParams({ vin: field.text })}#vin-check`} className="font-mono text-brand-700 underline">
          {field.text}
        </a>
      );
    default:
      return field.text;
  }
}

/**
 * A lead's fields as a definition list, by its kind's definition (src/lib/leads/), then its
 * language, country by address and consent record; empty ones are left out.
 */
export async function LeadFields({ locale, lead, extra = [], dateTime }: { locale: Locale; lead: StoredLead & { lang: string }; extra?: Array<[string, ReactNode]>; dateTime: (date: Date) => string }) {
  const t = await deskTranslator(locale);
  const rows: Array<[string, ReactNode]> = [
    ...deskFields(lead, locale).map((field): [string, ReactNode] => [field.label, shown(field, locale)]),
    [t('fields.lang'), lead.lang],
    [t('fields.geo'), geoCountry(lead)],
    [t('fields.consent'), consentText(lead, locale, dateTime)],
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
