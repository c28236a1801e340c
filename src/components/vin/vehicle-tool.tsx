import { toolRoutes } from '@/components/content/tool-routes';
import { vehicleRequest } from '@/server/tool-query';
import { VinCheckSection } from './vin-check-section';

/** The /vehicle routes, with the VIN check (src/app/[locale]/[geo]/vehicle). */
export const vehicleRoutes = toolRoutes('vehicle', (locale, query) => {
  const { vin, carry } = vehicleRequest(query);
  return { node: <VinCheckSection locale={locale} vin={vin} />, carry };
});
