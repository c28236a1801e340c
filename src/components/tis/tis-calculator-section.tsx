import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/content/scoped-messages';
import type { Locale } from '@/lib/locales';
import { localizedPath } from '@/lib/paths';
import type { ParsedTisQuery } from '@/lib/tis/selection';
import { TisCalculator } from './tis-calculator';

/** The TIS calculator on /tis (answered by the server for `?brands=…&months=…&currency=…`). */
export async function TisCalculatorSection({ locale, query }: { locale: Locale; query: ParsedTisQuery }) {
  const t = await getTranslations({ locale, namespace: 'TisCalculator' });
  return (
    <section id="calculator" aria-labelledby="tis-calculator-heading" className="container-page pb-4">
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h2 id="tis-calculator-heading" className="text-2xl font-bold text-brand-900">
          {t('heading')}
        </h2>
        <p className="mt-2 max-w-3xl text-muted">{t('intro')}</p>
        <div className="mt-6">
          <ScopedMessages locale={locale} namespaces={['TisCalculator']}>
            <TisCalculator action={localizedPath(locale, 'tis')} initial={query} />
          </ScopedMessages>
        </div>
      </div>
    </section>
  );
}
