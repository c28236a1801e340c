import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';

type Values = Record<string, string | number>;

/**
 * The Desk namespace's translator, plus `pick` for keys made from stored values (a lead's kind,
 * status, channel): an unknown value is shown as it is instead of failing the page.
 */
export async function deskTranslator(locale: Locale) {
  const t = await getTranslations({ locale, namespace: 'Desk' });
  const loose = t as unknown as (key: string, values?: Values) => string;
  const pick = (group: string, value: string | undefined | null, values?: Values): string =>
    value && t.has(`${group}.${value}` as never) ? loose(`${group}.${value}`, values) : (value ?? '');
  return Object.assign(t, { pick });
}
