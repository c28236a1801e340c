import type { TariffPlanId } from '@/content/tariffs';
import { tisBrandForMake, type TisBrand } from '@/lib/tis/brands';
import type { VinDecode } from './decode';
import type { VehicleClass } from './wmi';

/** The makes of the VAG catalogue (the VAG plan and page name these four; Cupra is SEAT's). */
const VAG_PLAN_MAKES: readonly string[] = ['Volkswagen', 'Audi', 'Škoda', 'SEAT', 'Cupra'];

export interface Coverage {
  /** The subscriptions that cover the vehicle, best fit first (`tariffs.ts` ids). */
  plans: TariffPlanId[];
  /** The TIS price-list row for the vehicle's make, when the list has one (prices are the list's). */
  tis?: TisBrand;
}

function plansFor(vehicleClass: VehicleClass, makes: readonly string[]): TariffPlanId[] {
  if (vehicleClass === 'truck' || vehicleClass === 'machinery') return ['spec'];
  if (vehicleClass === 'moto') return ['moto'];
  return makes.some((make) => VAG_PLAN_MAKES.includes(make)) ? ['vag', 'epc'] : ['epc'];
}

/**
 * Which of our products covers a decoded vehicle: VAG (and EPC FULL) for the Volkswagen group's
 * catalogue makes, Спецтехника for trucks and machines, Мототехника for motorcycles, EPC FULL for
 * every other car, a frame number and an unknown maker; plus the TIS row of a car's make.
 */
export function coverageOf(decoded: VinDecode): Coverage | undefined {
  if (decoded.kind === 'invalid') return undefined;
  if (decoded.kind === 'frame') return { plans: ['epc'] };
  const entry = decoded.manufacturer.entry;
  if (!entry) return { plans: ['epc'] };
  const plans = plansFor(entry.vehicleClass, entry.makes);
  const tis = entry.vehicleClass === 'car' ? entry.makes.map(tisBrandForMake).find(Boolean) : undefined;
  return tis ? { plans, tis } : { plans };
}
