import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { organizationLd } from '@/lib/seo/structured-data';
import { JsonLd } from './json-ld';

/** The company, for search engines, on every page of the default and service layouts. */
export async function OrganizationData({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home' });
  return <JsonLd data={organizationLd(locale, t('description'))} />;
}
