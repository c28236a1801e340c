/** Subscription plans shown in the index's tariff section; texts live in messages (Home.tarif.plans). */
export const tariffPlans = [
  { id: 'epc', rubPerMonth: 3900, highlighted: true },
  { id: 'vag', rubPerMonth: 1900, highlighted: false },
  { id: 'spec', rubPerMonth: 2900, highlighted: false },
  { id: 'moto', rubPerMonth: 1200, highlighted: false },
] as const;

export type TariffPlanId = (typeof tariffPlans)[number]['id'];
