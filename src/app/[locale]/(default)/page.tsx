import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHero } from '@/components/content/page-hero';
import { ScopedMessages } from '@/components/content/scoped-messages';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { TariffCards } from '@/components/home/tariff-cards';
import { BuyCatalogButton } from '@/components/layout/buy-catalog-button';
import { ProductPicture } from '@/components/pictures/product-picture';
import { HOME_PICTURES } from '@/pictures/draw.mjs';
import { HeroVinCheck } from '@/components/vin/hero-vin-check';
import { isLocale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { pageMetadata } from '@/lib/seo/page-metadata';

type Params = { params: Promise<{ locale: string }> };
interface Advantage {
  title: string;
  text: string;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Home' });
  return pageMetadata({ locale, page: '', title: t('title'), description: t('description'), isIndex: true });
}

/** The index: offer, advantages, the product at work (its pictures), tariffs, partners. */
export default async function HomePage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Home' });
  const advantages = t.raw('advantages.items') as Advantage[];
  const partners = t.raw('partners.items') as string[];
  return (
    <>
      <PageHero
        heading={t('heading')}
        lead={t('lead')}
        aside={<ProductPicture locale={locale} name="exploded" />}
        below={
          <ScopedMessages locale={locale} namespaces={['VinSummary', 'VinIssues']}>
            <HeroVinCheck action={localizedPath(locale, 'vehicle')} />
          </ScopedMessages>
        }
      >
        <DialogTrigger dialog="buy" href="#tarif" className="btn-primary">{t('buy')}</DialogTrigger>
        <DialogTrigger dialog="demo" href="#tarif" className="btn-secondary">{t('demo')}</DialogTrigger>
      </PageHero>
      {/* Between the hero and the footer: the floating buy button stays inside (buy-catalog-button.tsx). */}
      <div>
      <section id="advantages" aria-labelledby="advantages-heading" className="container-page py-14">
        <h2 id="advantages-heading" className="text-3xl font-extrabold text-brand-900">{t('advantages.heading')}</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {advantages.map((item) => (
            <li key={item.title} className="rounded-xl border border-brand-100 p-6">
              <h3 className="text-lg font-semibold text-brand-900">{item.title}</h3>
              <p className="mt-2 text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="at-work" aria-labelledby="at-work-heading" className="container-page py-14">
        <h2 id="at-work-heading" className="text-3xl font-extrabold text-brand-900">{t('atWork.heading')}</h2>
        <p className="mt-3 max-w-3xl text-muted">{t('atWork.lead')}</p>
        {/* From `lg` up the exploded view stands in the hero: here only below that. */}
        <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:max-w-4xl">
          {HOME_PICTURES.map((name) => (
            <ProductPicture key={name} locale={locale} name={name} className={name === 'exploded' ? 'lg:hidden' : undefined} deferred />
          ))}
        </div>
      </section>
      <TariffCards locale={locale} />
      <section id="partners" aria-labelledby="partners-heading" className="container-page py-14">
        <h2 id="partners-heading" className="text-3xl font-extrabold text-brand-900">{t('partners.heading')}</h2>
        <p className="mt-3 max-w-3xl text-muted">{t('partners.lead')}</p>
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {partners.map((name) => (
            <li key={name} className="flex min-h-16 items-center justify-center rounded-lg bg-brand-50 px-3 text-center font-semibold text-brand-800">
              {name}
            </li>
          ))}
        </ul>
      </section>
      <BuyCatalogButton locale={locale} onIndex />
      </div>
    </>
  );
}
