import type { MessageKey, Namespace } from '@/i18n/message-keys';
import type { Locale } from '@/site/locales.mjs';
import type { DecodedVin, VinDecode } from '@/lib/vin/decode';
import { issueValues, type VinIssue } from '@/lib/vin/issues';
import type { ModelYear } from '@/lib/vin/model-year';
import { VIN_LENGTH } from '@/lib/vin/validate';

/** A translator of one namespace, as next-intl's `useTranslations` gives it. */
export type Translate<N extends Namespace> = (key: MessageKey<N>, values?: Record<string, string | number>) => string;

export type VinTone = 'ok' | 'error' | 'info';

/**
 * How a decode reads at a glance: its tone and its `VinSummary` headline key. A check digit that
 * does not match where it is not mandatory (a Lada, a Mercedes) leaves the VIN valid: the details
 * say so in their check-digit row, the headline does not (`checkDigitRequiredIn`).
 */
export function verdictOf(decoded: VinDecode): { tone: VinTone; key: 'valid' | 'checkDigitError' | 'invalid' | 'frame' } {
  if (decoded.kind === 'frame') return { tone: 'info', key: 'frame' };
  if (decoded.kind === 'invalid') return { tone: 'error', key: 'invalid' };
  return decoded.valid ? { tone: 'ok', key: 'valid' } : { tone: 'error', key: 'checkDigitError' };
}

/**
 * Input still being typed: too short, and nothing else wrong with it yet but bad characters.
 * While typing, the page shows how far along it is instead of a length error.
 */
export function typedSoFar(decoded: VinDecode | undefined): number | undefined {
  if (decoded?.kind !== 'invalid') return undefined;
  const [first] = decoded.issues;
  return first?.code === 'length' && first.length < VIN_LENGTH ? first.length : undefined;
}

/** The issue's `VinIssues` message. */
export const issueText = (issue: VinIssue, tIssues: Translate<'VinIssues'>) => tIssues(issue.code, issueValues(issue));

/** A country's name in the page's language; `SU` is the old Soviet range, not a country today. */
function countryName(code: string, locale: Locale, t: Translate<'VinSummary'>): string {
  if (code === 'SU') return t('countrySu');
  return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
}

/** The possible model years as the language lists alternatives: «2003 или 2033». */
function yearsText({ years }: ModelYear, locale: Locale): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(years.map(String));
}

/**
 * The answer on one line (the home page's field, and the status a screen reader announces):
 * the verdict, then the maker, the country and the years; or what is wrong; or how far along.
 */
export function vinSummary(decoded: VinDecode, locale: Locale, t: Translate<'VinSummary'>, tIssues: Translate<'VinIssues'>): string {
  const count = typedSoFar(decoded);
  if (decoded.kind === 'frame') return t('frame', { model: decoded.frame.modelCode });
  if (decoded.kind === 'invalid') {
    const charIssue = decoded.issues.find((issue) => issue.code !== 'length');
    if (count !== undefined && !charIssue) return t('typing', { count });
    return issueText(charIssue ?? decoded.issues[0] ?? { code: 'empty' }, tIssues);
  }
  const { entry } = decoded.manufacturer;
  const country = decoded.origin?.country ?? entry?.country;
  return [
    t(verdictOf(decoded).key),
    entry?.manufacturer ?? t('unknownMaker'),
    country ? countryName(country, locale, t) : undefined,
    decoded.modelYear.years.length ? yearsText(decoded.modelYear, locale) : t('yearNotEncoded'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The rows of a whole VIN's details, each by its `VinCheck` label key. */
export type VinFactRow = 'rowCharacters' | 'rowCheckDigit' | 'rowManufacturer' | 'rowCountry' | 'rowModelYear' | 'rowPlant' | 'rowSerial' | 'rowDetails';

/**
 * What a whole VIN says, row by row (characters, check digit, maker, country, year, plant, serial),
 * as the page's details show it and the VIN picture quotes it (src/pictures/picture-labels.ts).
 * `t` is the `VinCheck` namespace, `ts` `VinSummary`.
 */
export function vinFactRows(decoded: DecodedVin, locale: Locale, t: Translate<'VinCheck'>, ts: Translate<'VinSummary'>): Array<{ row: VinFactRow; label: string; value: string }> {
  const { checkDigit, manufacturer, origin, modelYear } = decoded;
  const { entry } = manufacturer;
  const check = { actual: checkDigit.actual, expected: checkDigit.expected };
  const checkText =
    checkDigit.verdict === 'correct'
      ? t('checkCorrect', check)
      : checkDigit.verdict === 'notUsed'
        ? t('checkNotUsed', check)
        : t(checkDigit.required ? 'checkWrongRequired' : 'checkWrongNote', check);
  const region = origin ? t(`region.${origin.region}`) : undefined;
  const rows: Array<[VinFactRow, string | undefined]> = [
    ['rowCharacters', t('charactersOk')],
    ['rowCheckDigit', checkText],
    [
      'rowManufacturer',
      [
        entry ? t('manufacturerMakes', { manufacturer: entry.manufacturer, makes: entry.makes.join(', ') }) : t('manufacturerUnknown', { wmi: manufacturer.wmi }),
        manufacturer.smallManufacturer && manufacturer.smallManufacturerCode ? t('smallManufacturer', { wmi: manufacturer.wmi, code: manufacturer.smallManufacturerCode }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    ],
    ['rowCountry', origin?.country ? t('countryRegion', { country: countryName(origin.country, locale, ts), region: region ?? '' }) : region ? t('countryUnassigned', { region }) : undefined],
    [
      'rowModelYear',
      modelYear.years.length
        ? t(modelYear.rule === 'position7' ? 'yearsPosition7' : 'yearsCycle', { years: yearsText(modelYear, locale), code: modelYear.code })
        : t('yearNotEncoded', { code: modelYear.code }),
    ],
    ['rowPlant', decoded.plant],
    ['rowSerial', decoded.serial],
    ['rowDetails', t('details')],
  ];
  return rows.flatMap(([row, value]) => (value ? [{ row, label: t(row), value }] : []));
}
