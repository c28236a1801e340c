'use client';

import { useTranslations } from 'next-intl';
import { matchesQuery } from '@/lib/search/search-key';
import { SearchField, useSearchField } from './search-field';

interface Props {
  /** The makes in their order, each with the keys it is found by (`searchKeysOf`). */
  makes: ReadonlyArray<{ name: string; keys: readonly string[] }>;
}

/**
 * The list of makes with a search box that narrows it as you type, in Latin or Cyrillic letters
 * (hidden by CSS from a browser that runs no scripts, which shows the whole list). The box is
 * uncontrolled: what was typed before the scripts ran counts once they do.
 */
export function CoverageFilter({ makes }: Props) {
  const t = useTranslations('Coverage');
  const { query, input, setQuery } = useSearchField();
  const shown = makes.filter((make) => matchesQuery(make.keys, query)).length;

  return (
    <div className="mt-4">
      <SearchField id="coverage-search" controls="coverage-list" label={t('search')} placeholder={t('searchPlaceholder')} className="max-w-md" inputRef={input} onQuery={setQuery} />
      <ul id="coverage-list" className="mt-4 flex flex-wrap gap-2">
        {makes.map((make) => (
          <li key={make.name} hidden={!matchesQuery(make.keys, query)} className="rounded-full bg-brand-50 px-3 py-1 text-brand-900 ring-1 ring-brand-100">
            {make.name}
          </li>
        ))}
      </ul>
      <p role="status" className="mt-2 text-muted empty:hidden">
        {shown === 0 ? t('noMatch', { query: query.trim() }) : ''}
      </p>
    </div>
  );
}
