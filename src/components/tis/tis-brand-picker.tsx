'use client';

import { useLocale, useTranslations } from 'next-intl';
import { SearchField, useSearchField } from '@/components/content/search-field';
import type { Locale } from '@/site/locales.mjs';
import { formatMoney } from '@/lib/money';
import { matchesQuery, searchKeysOf } from '@/lib/search/make-search';
import { tisBrands } from '@/lib/tis/brands';
import { monthlyPrice, type TisCurrency } from '@/lib/tis/quote';

/** What each row is found by: its makes and their aliases, in both alphabets (`Тойота`, `VW`). */
const SEARCH_KEYS = new Map(tisBrands.map((brand) => [brand.id, searchKeysOf([brand.brand, brand.altName])]));

interface Props {
  chosen: readonly string[];
  currency: TisCurrency;
}

/**
 * The brands of the current price list as checkboxes named `brands` (a GET form sends each one
 * chosen), with a search box that narrows the list as you type (hidden by CSS from a browser
 * that runs no scripts). Fields are uncontrolled: a choice made or a name typed before the page's
 * scripts ran stays, and counts once they run.
 */
export function TisBrandPicker({ chosen, currency }: Props) {
  const t = useTranslations('TisCalculator');
  const locale = useLocale() as Locale;
  const { query, input, setQuery } = useSearchField();
  const matches = (brand: (typeof tisBrands)[number]) => matchesQuery(SEARCH_KEYS.get(brand.id) ?? [], query);
  const shown = tisBrands.filter(matches).length;

  return (
    <fieldset>
      <legend className="text-base font-semibold text-brand-900">{t('brands')}</legend>
      <SearchField id="tis-brand-search" controls="tis-brand-list" label={t('search')} placeholder={t('searchPlaceholder')} className="mt-2" inputRef={input} onQuery={setQuery} />
      <ul id="tis-brand-list" className="mt-2 grid gap-1 sm:grid-cols-2">
        {tisBrands.map((brand) => (
          <li key={brand.id} hidden={!matches(brand)}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1 hover:bg-brand-50">
              <input type="checkbox" name="brands" value={brand.id} defaultChecked={chosen.includes(brand.id)} className="size-5 shrink-0 accent-brand-600" />
              <span className="flex-1">{brand.brand}</span>
              <span className="text-sm whitespace-nowrap text-muted tabular-nums">{t('perMonthShort', { price: formatMoney(monthlyPrice(brand, currency), currency, locale) })}</span>
            </label>
          </li>
        ))}
      </ul>
      <p role="status" className="mt-2 text-muted empty:hidden">
        {shown === 0 ? t('noMatch', { query: query.trim() }) : ''}
      </p>
    </fieldset>
  );
}
