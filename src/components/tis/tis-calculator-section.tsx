import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/content/scoped-messages';
import { CardSection } from '@/components/layout/card-section';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import type { ParsedTisQuery } from '@/lib/tis/selection';
import { TisCalculator } from './tis-calculator';

/** The TIS calculator on /tis (answered by the server for `?brands=…&months=…&currency=…`). */
export async function TisCalculatorSection({ locale, query }: { locale: Locale; query: ParsedTisQuery }) {
  const t = await getTranslations({ locale, namespace: 'TisCalculator' });
  return (
    <CardSection id="calculator" look="tool" heading={t('heading')} intro={t('intro')}>
      <div className="mt-6">
        <ScopedMessages locale={locale} namespaces={['TisCalculator']}>
          <TisCalculator action={localizedPath(locale, 'tis')} initial={query} />
        </ScopedMessages>
      </div>
    </CardSection>
  );
}
