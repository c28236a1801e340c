import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { organizationLd } from '@/lib/seo/structured-data';
import { contacts, seller } from '@/server/company';
import { JsonLd } from './json-ld';

/** The company, for search engines, on every page of the default and service layouts. */
export async function OrganizationData({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home' });
  const company = {
    ...(seller ? { legalName: seller.name, taxID: seller.inn, address: seller.address } : {}),
    ...(contacts.phone ? { telephone: contacts.phone.href.slice('tel:'.length) } : {}),
    ...(contacts.email ? { email: contacts.email.text } : {}),
  };
  return <JsonLd data={organizationLd(locale, t('description'), company)} />;
}
