import { products, type Product } from '@/site/products.mjs';

/** A product with a subscription plan (its `tariff` in src/site/products.mjs). */
type TariffProduct = Extract<Product, { tariff: object }>;
export type TariffPlanId = TariffProduct['id'];

export interface TariffPlan {
  id: TariffPlanId;
  rubPerMonth: number;
  highlighted: boolean;
}

/** Subscription plans shown in the index's tariff section, in the products' order; texts live in messages (Home.tarif.plans). */
export const tariffPlans: readonly TariffPlan[] = products
  .filter((product): product is TariffProduct => 'tariff' in product)
  .map(({ id, tariff }) => ({ id, rubPerMonth: tariff.rubPerMonth, highlighted: tariff.highlighted }));
