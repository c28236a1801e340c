'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/site/locales.mjs';
import type { DecodedVin } from '@/lib/vin/decode';
import { countryName, yearsText } from './vin-text';

/** What a whole VIN says, row by row: characters, check digit, maker, country, year, plant, serial. */
export function VinFacts({ decoded }: { decoded: DecodedVin }) {
  const t = useTranslations('VinCheck');
  const ts = useTranslations('VinSummary');
  const locale = useLocale() as Locale;
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
  const rows: Array<[string, string | undefined]> = [
    [t('rowCharacters'), t('charactersOk')],
    [t('rowCheckDigit'), checkText],
    [
      t('rowManufacturer'),
      [
        entry ? t('manufacturerMakes', { manufacturer: entry.manufacturer, makes: entry.makes.join(', ') }) : t('manufacturerUnknown', { wmi: manufacturer.wmi }),
        manufacturer.smallManufacturer && manufacturer.smallManufacturerCode ? t('smallManufacturer', { wmi: manufacturer.wmi, code: manufacturer.smallManufacturerCode }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    ],
    [t('rowCountry'), origin?.country ? t('countryRegion', { country: countryName(origin.country, locale, ts), region: region ?? '' }) : region ? t('countryUnassigned', { region }) : undefined],
    [
      t('rowModelYear'),
      modelYear.years.length
        ? t(modelYear.rule === 'position7' ? 'yearsPosition7' : 'yearsCycle', { years: yearsText(modelYear, locale), code: modelYear.code })
        : t('yearNotEncoded', { code: modelYear.code }),
    ],
    [t('rowPlant'), decoded.plant],
    [t('rowSerial'), decoded.serial],
    [t('rowDetails'), t('details')],
  ];
  return (
    <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,max-content)_1fr]">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-brand-900">{label}</dt>
            <dd className="-mt-2 sm:mt-0">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
