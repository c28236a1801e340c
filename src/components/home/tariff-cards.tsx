import { getTranslations } from 'next-intl/server';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { tariffPlans } from '@/content/tariffs';
import { localizedPath } from '@/lib/paths';
import { JsonLd } from '@/components/seo/json-ld';
import type { Locale } from '@/site/locales.mjs';
import { tariffsLd } from '@/lib/seo/structured-data';

/** The tariff section (`#tarif`, with the inner anchor `#tariff`): each plan links to its product's page, and its buttons name it. */
export async function TariffCards({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Home.tarif' });
  const rub = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
  return (
    <section id="tarif" aria-labelledby="tarif-heading" className="bg-brand-50 py-14">
      <div id="tariff" className="container-page">
        <JsonLd data={tariffsLd(locale, tariffPlans.map((plan) => ({ name: t(`plans.${plan.id}.name`), description: t(`plans.${plan.id}.summary`), rubPerMonth: plan.rubPerMonth })))} />
        <h2 id="tarif-heading" className="text-3xl font-extrabold text-brand-900">{t('heading')}</h2>
        <p className="mt-3 max-w-3xl text-muted">{t('lead')}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {tariffPlans.map((plan) => (
            <li
              key={plan.id}
              className={`flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ${plan.highlighted ? 'ring-2 ring-accent-500' : 'ring-brand-100'}`}
            >
              {/* The plan is its product's: the heading links to the product's page. */}
              <h3 id={`tarif-${plan.id}`} className="text-xl font-bold text-brand-900">
                <a href={localizedPath(locale, plan.id)} className="underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700">
                  {t(`plans.${plan.id}.name`)}
                </a>
              </h3>
              <p className="mt-1 text-sm text-muted">{t(`plans.${plan.id}.summary`)}</p>
              {/* The amount and «в месяц» each stay whole: a narrow card breaks between them, never inside. */}
              <p className="mt-4 text-3xl font-extrabold text-ink">
                <span className="whitespace-nowrap">{rub.format(plan.rubPerMonth)}</span>{' '}
                <span className="text-base font-medium whitespace-nowrap text-muted">{t('perMonth')}</span>
              </p>
              <p className="text-sm text-muted">{t('perSeat')}</p>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-muted">
                {(t.raw(`plans.${plan.id}.features`) as string[]).map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="text-accent-600">✓</span>
                    {feature}
                  </li>
                ))}
              </ul>
              <div className="mt-6 flex flex-col gap-2">
                {/* The dialogs carry the plan (its product); without scripts, the product page's order form does. */}
                <DialogTrigger dialog="buy" href={`${localizedPath(locale, plan.id)}#order`} data-fill={`product=${plan.id}`} aria-describedby={`tarif-${plan.id}`} className="btn-primary">
                  {t('buy')}
                </DialogTrigger>
                <DialogTrigger dialog="demo" href={`${localizedPath(locale, plan.id)}#order`} data-fill={`product=${plan.id}`} aria-describedby={`tarif-${plan.id}`} className="btn-secondary">
                  {t('demo')}
                </DialogTrigger>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted">{t('legalOnly')}</p>
      </div>
    </section>
  );
}
