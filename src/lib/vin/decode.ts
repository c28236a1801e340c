import { checkDigitOf, checkDigitRequiredIn, type CheckDigit } from './check-digit';
import { parseFrameNumber, type FrameNumber } from './frame-number';
import type { VinIssue } from './issues';
import { modelYearOf, type ModelYear } from './model-year';
import { originOf, type Origin } from './origin';
import { validateVin } from './validate';
import { lookupWmi, type WmiLookup } from './wmi';

export interface DecodedVin {
  kind: 'vin';
  vin: string;
  /** False only when a check digit the region requires is wrong (then `issues` says so). */
  valid: boolean;
  issues: VinIssue[];
  /** World manufacturer identifier, vehicle descriptor and vehicle identifier sections. */
  sections: { wmi: string; vds: string; vis: string };
  manufacturer: WmiLookup;
  /** Region and country of the first two characters' ISO 3780 range. */
  origin?: Origin;
  checkDigit: CheckDigit;
  modelYear: ModelYear;
  /** Position 11. */
  plant: string;
  /** Positions 12–17 (15–17 for a small maker, whose 12–14 are part of its code). */
  serial: string;
}

export type VinDecode =
  | DecodedVin
  | { kind: 'frame'; frame: FrameNumber }
  | { kind: 'invalid'; issues: VinIssue[] };

export interface DecodeOptions {
  /** The latest model year that can be meant (default: next year). */
  maxYear?: number;
}

/**
 * Everything the VIN itself says, offline and in microseconds: valid characters, maker, country,
 * check digit (an error only where North American or Chinese rules require it), possible model
 * years. A Japanese frame number is recognised as such; anything else gets its issues.
 */
export function decodeVin(raw: string, { maxYear }: DecodeOptions = {}): VinDecode {
  const frame = parseFrameNumber(raw);
  if (frame) return { kind: 'frame', frame };
  const validation = validateVin(raw);
  if (!validation.ok) return { kind: 'invalid', issues: validation.issues };

  const { vin } = validation;
  const origin = originOf(vin);
  const manufacturer = lookupWmi(vin);
  const northAmerican = origin?.region === 'northAmerica';
  const checkDigit = checkDigitOf(vin, checkDigitRequiredIn(origin));
  const lightVehicle = (manufacturer.entry?.vehicleClass ?? 'car') === 'car';
  const modelYear = modelYearOf(vin, { position7Rule: northAmerican && lightVehicle, maxYear });
  const issues: VinIssue[] =
    checkDigit.required && checkDigit.verdict === 'wrong' ? [{ code: 'checkDigit', position: 9, actual: checkDigit.actual, expected: checkDigit.expected }] : [];
  return {
    kind: 'vin',
    vin,
    valid: issues.length === 0,
    issues,
    sections: { wmi: vin.slice(0, 3), vds: vin.slice(3, 9), vis: vin.slice(9) },
    manufacturer,
    origin,
    checkDigit,
    modelYear,
    plant: vin.charAt(10),
    serial: manufacturer.smallManufacturer ? vin.slice(14) : vin.slice(11),
  };
}

/** The VIN or frame number to store with a lead, normalised; undefined where the API would answer 400. */
export function vinForLead(raw: string): string | undefined {
  const decoded = decodeVin(raw);
  if (decoded.kind === 'frame') return decoded.frame.text;
  return decoded.kind === 'vin' && decoded.valid ? decoded.vin : undefined;
}
