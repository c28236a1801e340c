import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { countryOf } from '@/site/visitor.mjs';
import { translate, translateIfKnown } from '../i18n';
import { shownFields, type ShownField } from '../leads/shown-fields';

/** What the desk reads of a stored lead: its columns and the form as stored. */
export interface StoredLead {
  kind: string;
  name: string;
  phone: string;
  email: string | null;
  payload: Record<string, unknown>;
  clientAddress: string | null;
  consentAt: Date | null;
  consentVersion: string | null;
  consentForm: string | null;
  consentWithdrawnAt: Date | null;
}

/**
 * A stored lead's fields by its kind's definition, as the desk and the export show them: the form
 * as stored, with the name, phone and e-mail columns laid over it (erasure blanks those).
 */
export function deskFields(lead: StoredLead, locale: Locale): ShownField[] {
  return shownFields(lead.kind, { ...lead.payload, name: lead.name, phone: lead.phone, email: lead.email ?? undefined }, locale);
}

/** The visitor's country by GeoIP of the stored client address. */
export function geoCountry(lead: Pick<StoredLead, 'clientAddress'>): string | undefined {
  return lead.clientAddress ? countryOf(lead.clientAddress) : undefined;
}

/**
 * The consent record as one line: when, which text, in which form, and its withdrawal; a lead from
 * before consents were recorded says so.
 */
export function consentText(lead: StoredLead, locale: Locale, dateTime: (date: Date) => string): string {
  if (!lead.consentAt) return translate(locale, 'Desk', 'consent.none');
  const given = translate(locale, 'Desk', 'consent.given', {
    date: dateTime(lead.consentAt),
    version: lead.consentVersion ?? '',
    form: lead.consentForm ? (translateIfKnown(locale, 'Desk', `consentForms.${lead.consentForm}`) ?? lead.consentForm) : '',
  });
  return lead.consentWithdrawnAt ? `${given}; ${translate(locale, 'Desk', 'consent.withdrawn', { date: dateTime(lead.consentWithdrawnAt) })}` : given;
}
