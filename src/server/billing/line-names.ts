import 'server-only';
import type { InvoiceLine } from '@/lib/billing/invoice';
import type { PricedLine } from '@/content/price-book';
import type { TariffPlanId } from '@/content/tariffs';
import { findTisBrand } from '@/lib/tis/brands';
import { LOCALES } from '@/site/locales.mjs';
import { translate } from '../i18n';

/** A priced line named in both languages (`Billing.line.*`), as the invoice prints it for ever after. */
export function namedLine(line: PricedLine): InvoiceLine {
  const name = Object.fromEntries(
    LOCALES.map((locale) => {
      if (line.brand) return [locale, translate(locale, 'Billing', 'line.tis', { brand: findTisBrand(line.brand)?.brand ?? line.brand })];
      const product = translate(locale, 'Home', `tarif.plans.${line.product as TariffPlanId}.name`);
      return [locale, translate(locale, 'Billing', 'line.seats', { product, seats: String(line.seats) })];
    }),
  ) as InvoiceLine['name'];
  return { ...line, name, quantity: line.months };
}
