import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/content/scoped-messages';
import { CardSection } from '@/components/layout/card-section';
import { tariffPlans } from '@/content/tariffs';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { VinCheck } from './vin-check';
import { VIN_ANSWER_ID } from './vin-ids';
import type { PlanNames } from './vin-coverage';

/** VINs whose answers a public source shows (Volkswagen Golf IV, Lada Niva, the check-digit example, a Toyota frame number). */
const EXAMPLES = [
  { vin: 'WVWZZZ1JZ3W386752', key: 'exampleVw' },
  { vin: 'XTA21214011580133', key: 'exampleLada' },
  { vin: '1M8GDM9AXKP042788', key: 'exampleUs' },
  { vin: 'GX100-1234567', key: 'exampleFrame' },
] as const;

/** The VIN check on /vehicle: heading, the tool (answered by the server for `?vin=`), examples. */
export async function VinCheckSection({ locale, vin }: { locale: Locale; vin: string }) {
  const [t, tariffs] = await Promise.all([getTranslations({ locale, namespace: 'VinCheck' }), getTranslations({ locale, namespace: 'Home.tarif' })]);
  const plans = Object.fromEntries(tariffPlans.map((plan) => [plan.id, tariffs(`plans.${plan.id}.name`)])) as PlanNames;
  const action = localizedPath(locale, 'vehicle');
  const examples = (
    <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
      <span>{t('examples')}</span>
      {EXAMPLES.map((example) => (
        <a key={example.vin} href={`${action}?${new URLSearchParams({ vin: example.vin })}#${VIN_ANSWER_ID}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
          <span className="font-mono">{example.vin}</span> ({t(example.key)})
        </a>
      ))}
    </p>
  );
  return (
    <CardSection id="vin-check" look="tool" heading={t('heading')} intro={t('intro')}>
      <div className="mt-6">
        <ScopedMessages locale={locale} namespaces={['VinSummary', 'VinCheck', 'VinIssues']}>
          <VinCheck action={action} initialVin={vin} plans={plans} tisPath={localizedPath(locale, 'tis')} examples={examples} />
        </ScopedMessages>
      </div>
    </CardSection>
  );
}
