import { WMI_ROWS } from './wmi-data';

export type VehicleClass = 'car' | 'truck' | 'machinery' | 'moto';

export interface WmiEntry {
  /** The key that matched: `WVW`, a block such as `JT`, or `VF9/795` for a small maker. */
  code: string;
  manufacturer: string;
  makes: readonly string[];
  /** ISO 3166 alpha-2 of the maker. */
  country: string;
  vehicleClass: VehicleClass;
}

export interface WmiLookup {
  /** Positions 1–3. */
  wmi: string;
  /** A small maker: the WMI ends in 9 and positions 12–14 complete it. */
  smallManufacturer: boolean;
  /** Positions 12–14 of a small maker's VIN (its code within the WMI). */
  smallManufacturerCode?: string;
  /** What the table knows of the maker; absent when it does not know it. */
  entry?: WmiEntry;
}

const CLASSES: readonly VehicleClass[] = ['car', 'truck', 'machinery', 'moto'];

function parseRow(row: string): WmiEntry {
  const [code = '', manufacturer = '', makes = '', country = '', vehicleClass = 'car'] = row.split('|');
  if (!CLASSES.includes(vehicleClass as VehicleClass)) throw new Error(`WMI row with unknown class: ${row}`);
  return { code, manufacturer, makes: makes.split(', '), country, vehicleClass: vehicleClass as VehicleClass };
}

/** The table by code, built once when the module loads. */
const ENTRIES: ReadonlyMap<string, WmiEntry> = new Map(WMI_ROWS.map((row) => [row.split('|', 1)[0] ?? '', parseRow(row)]));
const LONGEST_PREFIX = 5;
const SHORTEST_PREFIX = 2;

/**
 * The maker of a VIN (or a prefix of one, at least 3 characters): the longest matching prefix
 * of the table, or for a WMI ending in 9 the small maker named by positions 12–14.
 */
export function lookupWmi(vin: string): WmiLookup {
  const wmi = vin.slice(0, 3);
  if (wmi.charAt(2) === '9') {
    const smallManufacturerCode = vin.length >= 14 ? vin.slice(11, 14) : undefined;
    const entry = smallManufacturerCode ? ENTRIES.get(`${wmi}/${smallManufacturerCode}`) : undefined;
    return { wmi, smallManufacturer: true, smallManufacturerCode, entry };
  }
  for (let length = Math.min(LONGEST_PREFIX, vin.length); length >= SHORTEST_PREFIX; length--) {
    const entry = ENTRIES.get(vin.slice(0, length));
    if (entry) return { wmi, smallManufacturer: false, entry };
  }
  return { wmi, smallManufacturer: false };
}

/** Every entry of the table (for the decision record's figures and the data tests). */
export function wmiEntries(): Iterable<WmiEntry> {
  return ENTRIES.values();
}
