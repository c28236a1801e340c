'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/site/locales.mjs';
import type { DecodedVin } from '@/lib/vin/decode';
import { vinFactRows } from './vin-text';

/** What a whole VIN says, row by row: characters, check digit, maker, country, year, plant, serial. */
export function VinFacts({ decoded }: { decoded: DecodedVin }) {
  const t = useTranslations('VinCheck');
  const ts = useTranslations('VinSummary');
  const locale = useLocale() as Locale;
  const rows = vinFactRows(decoded, locale, t, ts);
  return (
    <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,max-content)_1fr]">
      {rows.map(({ label, value }) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-brand-900">{label}</dt>
          <dd className="-mt-2 sm:mt-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
