import { getTranslations } from 'next-intl/server';
import { catalogueCoverage, isCoveredCatalogue, type CoveredCatalogue } from '@/content/coverage';
import { isLocale, type Locale } from '@/site/locales.mjs';
import { searchKeysOf } from '@/lib/search/make-search';
import { ScopedMessages } from './scoped-messages';
import { CoverageFilter } from './coverage-filter';

/**
 * «Марки в каталоге»: the makes a catalogue covers (src/content/coverage.ts), as a plain list that
 * needs no script, and with scripts a search that narrows it in either alphabet. Each make's
 * search keys (its names and aliases) are worked out here, so the page's script carries no table.
 */
async function CoverageSection({ locale, page }: { locale: Locale; page: CoveredCatalogue }) {
  const t = await getTranslations({ locale, namespace: 'Coverage' });
  const makes = catalogueCoverage[page].map((make) => {
    const name = typeof make === 'string' ? make : make[locale];
    return { name, keys: searchKeysOf(typeof make === 'string' ? [make] : [make.ru, make.en]) };
  });
  return (
    <section id="coverage" aria-labelledby="coverage-heading" className="mt-10">
      <h2 id="coverage-heading" className="text-2xl font-bold text-brand-900">
        {t('heading')}
      </h2>
      <p className="mt-2 text-muted">{t('intro', { count: makes.length })}</p>
      <ScopedMessages locale={locale} namespaces={['Coverage']}>
        <CoverageFilter makes={makes} />
      </ScopedMessages>
    </section>
  );
}

/** The makes section of a product page that is a catalogue (src/content/coverage.ts), else nothing. */
export function catalogueCoverageFor(locale: string, page: string) {
  return isLocale(locale) && isCoveredCatalogue(page) ? <CoverageSection locale={locale} page={page} /> : null;
}
