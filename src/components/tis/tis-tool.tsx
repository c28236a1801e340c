import { toolRoutes } from '@/components/content/tool-routes';
import { tisRequest } from '@/server/tool-query';
import { TisCalculatorSection } from './tis-calculator-section';

/** The /tis routes, with the TIS calculator (src/app/[locale]/[geo]/tis). */
export const tisRoutes = toolRoutes('tis', (locale, query) => {
  const { parsed, carry } = tisRequest(locale, query);
  return { node: <TisCalculatorSection locale={locale} query={parsed} />, carry };
});
