'use client';

import { useLocale, useTranslations } from 'next-intl';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { tariffPlans, type TariffPlanId } from '@/content/tariffs';
import type { Locale } from '@/site/locales.mjs';
import { formatMoney } from '@/lib/money';
import type { Coverage } from '@/lib/vin/coverage';

export type PlanNames = Record<TariffPlanId, string>;

interface Props {
  coverage: Coverage;
  /** The VIN or frame number a lead from here carries. */
  vin: string;
  plans: PlanNames;
  /** The TIS page, where the calculator takes `?brands=`. */
  tisPath: string;
}

/** Without scripts the dialogs' buttons lead to the page's order form, which carries the VIN too. */
const FALLBACK = '#order';

/**
 * Which of our products covers the car, with each one's buy and demo buttons; the demo dialog
 * and the buy dialog open with the VIN in the lead (the enhancer fills it in from `data-fill`), and
 * a plan's buttons with its product.
 */
export function VinCoverage({ coverage, vin, plans, tisPath }: Props) {
  const t = useTranslations('VinCheck');
  const locale = useLocale() as Locale;
  const fill = (extra: Record<string, string> = {}) => new URLSearchParams({ vin, ...extra }).toString();
  const price = (id: TariffPlanId) => tariffPlans.find((plan) => plan.id === id)?.rubPerMonth ?? 0;
  const { tis } = coverage;

  return (
    <section aria-labelledby="vin-coverage-heading" className="mt-8">
      <h3 id="vin-coverage-heading" className="text-xl font-bold text-brand-900">
        {t('coverageHeading')}
      </h3>
      {/* The parts of this car are in the first plan that covers it: the demo is of that product. */}
      <DialogTrigger dialog="demo" href={FALLBACK} data-fill={fill(coverage.plans[0] ? { product: coverage.plans[0] } : {})} className="btn-primary mt-4 w-full text-center sm:w-auto">
        {t('showParts')}
      </DialogTrigger>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {coverage.plans.map((id) => (
          <li key={id} className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
            <h4 id={`vin-plan-${id}`} className="text-lg font-bold text-brand-900">
              {plans[id]}
            </h4>
            <p className="mt-1 text-muted">{t('perMonth', { price: formatMoney(price(id), 'RUB', locale) })}</p>
            <div className="mt-4 flex flex-wrap gap-2">
              <DialogTrigger dialog="buy" href={FALLBACK} data-fill={fill({ product: id, t_client_txt: t('planComment', { plan: plans[id] }) })} aria-describedby={`vin-plan-${id}`} className="btn-primary">
                {t('buy')}
              </DialogTrigger>
              <DialogTrigger dialog="demo" href={FALLBACK} data-fill={fill({ product: id, t_client_txt: t('planComment', { plan: plans[id] }) })} aria-describedby={`vin-plan-${id}`} className="btn-secondary">
                {t('demo')}
              </DialogTrigger>
            </div>
          </li>
        ))}
        {tis ? (
          <li className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-100">
            <h4 className="text-lg font-bold text-brand-900">{t('tisTitle', { brand: tis.brand })}</h4>
            <p className="mt-1 text-muted">{t('tisPrice', { rub: formatMoney(tis.rubPerMonth, 'RUB', locale), eur: formatMoney(tis.eurPerMonth, 'EUR', locale) })}</p>
            <a href={`${tisPath}?${new URLSearchParams({ brands: tis.id })}#calculator`} className="btn-secondary mt-4 self-start">
              {t('tisLink')}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
