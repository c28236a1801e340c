import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { HONEYPOT_FIELD } from '@/lib/validation/common';
import type { OrderCarry } from '@/server/tool-query';
import { CardSection } from '@/components/layout/card-section';
import { ConsentField } from '@/components/dialogs/consent-field';
import { quoteTis, type TisSelection } from '@/lib/tis/quote';
import { tisQuoteText } from '@/lib/tis/quote-text';
import { readTisSelection } from '@/lib/tis/read-selection';
import { OrderResult } from './order-result';

const input =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600';

/**
 * The order form of a product page as plain HTML: it posts to /{lang}/services/order-send and
 * works with scripts off (the server answers 303 back here with ?order=sent|invalid). With scripts
 * the page's buy/demo buttons open the same form as a modal instead. Below a tool's answer it
 * carries what the tool found (`carry`: the VIN, the TIS set) and returns to the same answer.
 * The phone is taken as typed (`8 916 123-45-67` too): the server reads a national number in
 * `phone_country`, which the variant for visitors in Russia sets (`inRussia`), else in the
 * visitor's country or the language's (src/server/phone/phone.ts).
 */
export async function OrderSection({
  locale,
  page,
  result,
  carry,
  inRussia,
}: {
  locale: Locale;
  page: string;
  result?: 'sent' | 'invalid';
  carry?: OrderCarry;
  inRussia?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'OrderForm' });
  const td = await getTranslations({ locale, namespace: 'Dialogs' });
  const tt = await getTranslations({ locale, namespace: 'TisCalculator' });
  const tis = carry?.tis ? (readTisSelection(carry.tis) as TisSelection) : undefined;
  const carried = [
    carry?.vin ? t('carriesVin', { vin: carry.vin }) : '',
    tis ? t('carriesTis', { set: tisQuoteText(quoteTis(tis), locale, tt('months', { months: tis.months })) }) : '',
  ].filter(Boolean);
  const id = (name: string) => `order-${name}`;
  const clientTypes = [
    { value: '1', label: t('client1') },
    { value: '2', label: t('client2') },
    { value: '3', label: t('client3') },
  ];
  return (
    <CardSection id="order" look="form" heading={t('sectionHeading')} intro={t('sectionLead')}>
      <OrderResult sent={t('sent')} invalid={t('invalid')} result={result} />
      <form method="post" action={`/${locale}/services/order-send`} className="order-form relative mt-6 flex flex-col gap-4">
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={id(HONEYPOT_FIELD)}>{td('honeypot')}</label>
          <input id={id(HONEYPOT_FIELD)} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <input type="hidden" name="city" value="-" />
        <input type="hidden" name="lang" value={locale} />
        <input type="hidden" name="product" value={page} />
        <input type="hidden" name="phone_country" value={inRussia ? 'RU' : ''} />
        <input type="hidden" name="url" value={`${localizedPath(locale, page)}${carry ? `?${carry.query}` : ''}`} />
        {carry?.vin ? <input type="hidden" name="vin" value={carry.vin} /> : null}
        {carry?.tis ? <input type="hidden" name="tis" value={carry.tis} /> : null}
        {carried.map((text) => (
          <p key={text} className="rounded-lg bg-white px-3 py-2 font-medium text-brand-900 ring-1 ring-brand-100">
            {text}
          </p>
        ))}
        <p className="text-sm text-muted">{td('requiredNote')}</p>
        <div>
          <div className="mb-1 flex gap-1 text-sm font-semibold">
            <label htmlFor={id('name')}>{t('name')}</label>
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </div>
          <input id={id('name')} name="name" required maxLength={200} autoComplete="name" className={input} />
        </div>
        <div>
          <div className="mb-1 flex gap-1 text-sm font-semibold">
            <label htmlFor={id('phone')}>{t('phone')}</label>
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </div>
          <input id={id('phone')} name="phone" type="tel" required maxLength={40} autoComplete="tel" inputMode="tel" pattern="[+0-9 ().\-]{6,40}" placeholder="+7 900 000-00-00" className={input} />
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">
            {t('clientType')}
            <span aria-hidden="true" className="text-red-700"> *</span>
          </legend>
          {clientTypes.map((option) => (
            <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-white">
              <input type="radio" name="t_client" value={option.value} required className="size-5 accent-brand-600" />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        {/* Shown only when a type other than 1 is chosen: CSS, so it works without scripts. */}
        <div className="order-comment">
          <label htmlFor={id('comment')} className="mb-1 block text-sm font-semibold">
            {t('comment')}
          </label>
          <textarea id={id('comment')} name="t_client_txt" rows={3} maxLength={2000} className={input} />
        </div>
        <ConsentField id={id('consent')} locale={locale} labels={{ consent: td('consent'), link: td('consentLink'), newTab: td('consentNewTab') }} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="btn_type" value="btn_buy" className="btn-primary">
            {t('sendBuy')}
          </button>
          <button type="submit" name="btn_type" value="btn_demo" className="btn-secondary">
            {t('sendDemo')}
          </button>
        </div>
      </form>
    </CardSection>
  );
}
