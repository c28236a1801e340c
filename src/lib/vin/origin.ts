/**
 * Where a VIN was issued, from its first two characters (ISO 3780 allocation, as published by
 * SAE International). Within a first character the second one runs A–Z (without I, O, Q), then
 * 1–9, then 0, so `XS-XW` and `X3-X0` are ranges in that order.
 */
type Region = 'africa' | 'asia' | 'europe' | 'northAmerica' | 'oceania' | 'southAmerica';

export interface Origin {
  region: Region;
  /** ISO 3166 alpha-2; `SU` for the Soviet range XS–XW (Russia and its neighbours today). */
  country?: string;
}

const ORDER = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';

const REGION_BY_FIRST: Readonly<Record<Region, string>> = {
  africa: 'ABCDEFGH',
  asia: 'JKLMNPR',
  europe: 'STUVWXYZ',
  northAmerica: '12345',
  oceania: '67',
  southAmerica: '89',
};

/** `from-to country [region]`: the region is given only where it differs from the first character's. */
const RANGES = [
  'AA-AH ZA', 'AJ-AN CI', 'BA-BE AO', 'BF-BK KE', 'BL-BR TZ', 'CA-CE BJ', 'CF-CK MG', 'CL-CR TN',
  'DA-DE EG', 'DF-DK MA', 'DL-DR ZM', 'EA-EE ET', 'EF-EK MZ', 'FA-FE GH', 'FF-FK NG',
  'JA-J0 JP', 'KA-KE LK', 'KF-KK IL', 'KL-KR KR', 'KS-K0 KZ', 'LA-L0 CN', 'MA-ME IN', 'MF-MK ID',
  'ML-MR TH', 'NA-NE IR', 'NF-NK PK', 'NL-NR TR', 'PA-PE PH', 'PF-PK SG', 'PL-PR MY', 'RA-RE AE',
  'RF-RK TW', 'RL-RR VN', 'RS-R0 SA',
  'SA-SM GB', 'SN-ST DE', 'SU-SZ PL', 'S1-S4 LV', 'TA-TH CH', 'TJ-TP CZ', 'TR-TV HU', 'TW-T1 PT',
  'UH-UM DK', 'UN-UT IE', 'UU-UZ RO', 'U5-U7 SK', 'VA-VE AT', 'VF-VR FR', 'VS-VW ES', 'VX-V2 RS',
  'V3-V5 HR', 'V6-V0 EE', 'WA-W0 DE', 'XA-XE BG', 'XF-XK GR', 'XL-XR NL', 'XS-XW SU', 'XX-X2 LU',
  'X3-X0 RU', 'YA-YE BE', 'YF-YK FI', 'YL-YR MT', 'YS-YW SE', 'YX-Y2 NO', 'Y3-Y5 BY', 'Y6-Y0 UA',
  'ZA-ZR IT', 'ZX-Z2 SI', 'Z3-Z5 LT', 'Z6-Z0 RU',
  '1A-10 US', '2A-20 CA', '3A-3W MX', '3X-37 CR', '4A-40 US', '5A-50 US',
  '6A-6W AU', '7A-7E NZ', '7F-70 US northAmerica',
  '8A-8E AR', '8F-8K CL', '8L-8R EC', '8S-8W PE', '8X-82 VE',
  '9A-9E BR', '9F-9K CO', '9L-9R PY', '9S-9W UY', '9X-92 TT', '93-99 BR',
] as const;

function regionOfFirst(first: string): Region | undefined {
  return (Object.keys(REGION_BY_FIRST) as Region[]).find((region) => REGION_BY_FIRST[region].includes(first));
}

/** Every allocated two-character prefix, built once. */
const COUNTRIES: ReadonlyMap<string, Origin> = (() => {
  const map = new Map<string, Origin>();
  for (const range of RANGES) {
    const [span = '', country, region] = range.split(' ');
    const first = span.charAt(0);
    const from = ORDER.indexOf(span.charAt(1));
    const to = ORDER.indexOf(span.charAt(4));
    const origin: Origin = { region: (region as Region | undefined) ?? (regionOfFirst(first) as Region), country };
    for (let i = from; i <= to; i++) map.set(first + ORDER.charAt(i), origin);
  }
  return map;
})();

/** Region and country of a VIN's first two characters; the region alone where the range is unassigned. */
export function originOf(vin: string): Origin | undefined {
  const known = COUNTRIES.get(vin.slice(0, 2));
  if (known) return known;
  const region = regionOfFirst(vin.charAt(0));
  return region ? { region } : undefined;
}
