import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { ORDER_PAGE_FORM } from '@/lib/leads/order-page-form';
import type { OrderCarry } from '@/server/tool-query';
import { orderDraft } from '@/server/leads/order-drafts';
import { CardSection } from '@/components/layout/card-section';
import { quoteTis, type TisSelection } from '@/lib/tis/quote';
import { tisQuoteText } from '@/lib/tis/quote-text';
import { readTisSelection } from '@/lib/tis/read-selection';
import { OrderForm } from './order-form';

/**
 * The order form of a product page (`#order`): it posts to /{lang}/services/order-send and works
 * with scripts off (the server answers 303 back to `#order` with ?order=sent, or with
 * ?order=invalid&draft=<id>, which the edge has rendered per request with what was typed and each
 * field's error: `draftId`); with scripts it sends in place (OrderForm). The page's buy/demo
 * buttons open the same fields as a modal. Below a tool's answer it carries what the tool found
 * (`carry`: the VIN, the TIS set) and returns to the same answer. The phone is taken as typed
 * (`8 916 123-45-67` too): the server reads a national number in `phone_country`, which the variant
 * for visitors in Russia sets (`inRussia`, which also picks the phone's example), else in the
 * visitor's country or the language's (src/server/phone/phone.ts).
 */
export async function OrderSection({
  locale,
  page,
  result,
  carry,
  inRussia,
  draftId,
}: {
  locale: Locale;
  page: string;
  result?: 'sent' | 'invalid';
  carry?: OrderCarry;
  inRussia?: boolean;
  draftId?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'OrderForm' });
  const tt = await getTranslations({ locale, namespace: 'TisCalculator' });
  const tis = carry?.tis ? (readTisSelection(carry.tis) as TisSelection) : undefined;
  const carried = [
    carry?.vin ? t('carriesVin', { vin: carry.vin }) : '',
    tis ? t('carriesTis', { set: tisQuoteText(quoteTis(tis), locale, tt('months', { months: tis.months })) }) : '',
  ].filter(Boolean);
  const path = localizedPath(locale, page);
  const hidden: Record<string, string> = {
    city: '-',
    lang: locale,
    phone_country: inRussia ? 'RU' : '',
    url: `${path}${carry ? `?${carry.query}` : ''}`,
    [ORDER_PAGE_FORM.name]: ORDER_PAGE_FORM.value,
    ...(carry?.vin ? { vin: carry.vin } : {}),
    ...(carry?.tis ? { tis: carry.tis } : {}),
  };
  return (
    <CardSection id="order" look="form" heading={t('sectionHeading')} intro={t('sectionLead')}>
      <OrderForm locale={locale} phoneExample={inRussia ? t('phoneExampleRu') : t('phoneExampleWorld')} result={result} draft={draftId ? orderDraft(draftId, path) : undefined}>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {carried.map((text) => (
          <p key={text} className="rounded-lg bg-white px-3 py-2 font-medium text-brand-900 ring-1 ring-brand-100">
            {text}
          </p>
        ))}
      </OrderForm>
    </CardSection>
  );
}
