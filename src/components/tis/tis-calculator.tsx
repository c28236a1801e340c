'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import type { Locale } from '@/site/locales.mjs';
import { formatMoney } from '@/lib/money';
import { accountPath } from '@/lib/partner/partner-paths';
import { tisPurchaseQuery } from '@/lib/partner/purchase-query';
import { quoteTis, TIS_CURRENCIES, TIS_PERIODS, type TisSelection } from '@/lib/tis/quote';
import { tisQuoteText } from '@/lib/tis/quote-text';
import { parseTisQuery, tisQueryString, type ParsedTisQuery } from '@/lib/tis/selection';
import { TisBrandPicker } from './tis-brand-picker';
import { TisQuoteTable } from './tis-quote-table';

interface Props {
  /** /{locale}/tis: the form's GET target, which answers without scripts. */
  action: string;
  /** The request's selection (`?brands=…&months=…&currency=…`) and what of it was ignored. */
  initial: ParsedTisQuery;
}

const radio = 'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600';

/**
 * The TIS calculator: brands, period and currency in a GET form (the server renders the cost for
 * a shared link), and with scripts the cost follows every change and the address keeps the set.
 * «Get an invoice for this set» takes the set into the partner area's order (through sign-in when
 * signed out); «Buy this set» opens the buy dialog with the product (TIS) and the set in the lead,
 * and a line of the set in the comment, for sales.
 */
export function TisCalculator({ action, initial }: Props) {
  const t = useTranslations('TisCalculator');
  const locale = useLocale() as Locale;
  const form = useRef<HTMLFormElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<TisSelection>(initial.selection);
  const [ignored, setIgnored] = useState(initial.ignored);

  /** The selection as the form now holds it. */
  const read = () => {
    const query = new URLSearchParams();
    if (form.current) new FormData(form.current).forEach((value, key) => typeof value === 'string' && query.append(key, value));
    return parseTisQuery(query, { currency: initial.selection.currency }).selection;
  };
  const update = () => {
    const next = read();
    setSelection(next);
    setIgnored([]);
    history.replaceState(history.state, '', `${action}?${tisQueryString(next)}`);
  };

  // Choices made before the page's scripts ran count.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSelection(read());
    // Once, on taking the form over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const quote = quoteTis(selection);
  const period = t('months', { months: selection.months });
  const query = tisQueryString(selection);
  const fill = new URLSearchParams({ product: 'tis', tis: query, t_client_txt: t('commentLine', { set: tisQuoteText(quote, locale, period) }) }).toString();

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <form
        ref={form}
        method="get"
        action={action}
        onChange={(event) => (event.target as Partial<HTMLInputElement>).name && update()}
        onSubmit={(event) => {
          event.preventDefault();
          update();
          result.current?.scrollIntoView({ block: 'nearest' });
        }}
        className="flex flex-col gap-6"
      >
        <TisBrandPicker chosen={initial.selection.brands} currency={selection.currency} />
        <div className="flex flex-wrap gap-x-10 gap-y-6">
          <RadioRow legend={t('period')} name="months" options={TIS_PERIODS.map((months) => ({ value: months, label: t('months', { months }) }))} chosen={initial.selection.months} />
          <RadioRow legend={t('currency')} name="currency" options={TIS_CURRENCIES.map((currency) => ({ value: currency, label: t(currency === 'RUB' ? 'rub' : 'eur') }))} chosen={initial.selection.currency} />
        </div>
        <button type="submit" className="btn-secondary self-start">
          {t('calculate')}
        </button>
      </form>

      <div ref={result} className="self-start rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100 sm:p-6 lg:sticky lg:top-24">
        <h3 className="text-xl font-bold text-brand-900">{t('setHeading')}</h3>
        {ignored.length ? <p className="mt-2 text-sm text-amber-900">{t('ignored', { values: ignored.map((item) => `${item.field}=${item.value}`).join(', ') })}</p> : null}
        <TisQuoteTable quote={quote} />
        <p role="status" className="sr-only">
          {quote.lines.length ? t('totalStatus', { period, amount: formatMoney(quote.total, quote.currency, locale) }) : t('empty')}
        </p>
        {quote.lines.length ? (
          <div className="mt-4 flex flex-col gap-3">
            <a href={`${accountPath(locale)}?${tisPurchaseQuery(selection.brands, selection.months)}`} className="btn-primary">
              {t('buyOnline')}
            </a>
            <DialogTrigger dialog="buy" href="#order" data-fill={fill} className="btn-secondary">
              {t('buy')}
            </DialogTrigger>
            <a href={`${action}?${query}`} className="self-start text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {t('link')}
            </a>
          </div>
        ) : null}
        <p className="mt-4 text-sm text-muted">{t('note')}</p>
      </div>
    </div>
  );
}

/** One choice of the form (the period, the currency) as a row of radio buttons. */
function RadioRow<T extends string | number>({ legend, name, options, chosen }: { legend: string; name: string; options: { value: T; label: string }[]; chosen: T }) {
  return (
    <fieldset>
      <legend className="text-base font-semibold text-brand-900">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className={radio}>
            <input type="radio" name={name} value={option.value} defaultChecked={chosen === option.value} className="size-4 accent-brand-600" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
