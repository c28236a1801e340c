import { getTranslations } from 'next-intl/server';
import { seatPrices, TIS_PRODUCT } from '@/content/price-book';
import type { Locale } from '@/site/locales.mjs';

/** What the partner area calls each product it sells: the tariffs' names, and TIS as the menu names it. */
export async function productNamesOf(locale: Locale): Promise<Record<string, string>> {
  const [tarif, nav] = await Promise.all([getTranslations({ locale, namespace: 'Home.tarif' }), getTranslations({ locale, namespace: 'Nav' })]);
  return Object.fromEntries([...[...seatPrices.keys()].map((id) => [id, tarif(`plans.${id}.name` as 'plans.epc.name')]), [TIS_PRODUCT, nav('products.tis')]]);
}

/**
 * The messages the partner area's client parts translate: its own, and those of the API client,
 * the validation and the form parts it shares with the dialogs (a scoped provider replaces the
 * layout's messages, it does not add to them).
 */
export const PARTNER_MESSAGES = ['Account', 'PartnerArea', 'ApiClient', 'Validation', 'Dialogs'] as const;
