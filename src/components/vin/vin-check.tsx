'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Locale } from '@/site/locales.mjs';
import { coverageOf } from '@/lib/vin/coverage';
import { decodeVin, vinForLead } from '@/lib/vin/decode';
import { VIN_ISSUES_ID, VinAnswer } from './vin-answer';
import { VinCoverage, type PlanNames } from './vin-coverage';
import { VIN_ANSWER_ID, VIN_VERDICT_ID } from './vin-ids';
import { typedSoFar, verdictOf, vinSummary } from './vin-text';

interface Props {
  /** /{locale}/vehicle: the form's GET target (its answer without scripts). */
  action: string;
  /** The VIN of the request (`?vin=`), answered in the HTML. */
  initialVin: string;
  plans: PlanNames;
  tisPath: string;
  /** Links to example VINs, under the field. */
  examples?: ReactNode;
}

const VIN_INPUT_ID = 'vin-check-input';

/**
 * The VIN check of /vehicle. Without scripts the form is a GET and the server renders the answer
 * (this component, with `initialVin`). With scripts it answers as you type, with the same pure
 * decoder, and sending the form only records the VIN in the address (a link to the answer).
 */
export function VinCheck({ action, initialVin, plans, tisPath, examples }: Props) {
  const t = useTranslations('VinSummary');
  const tc = useTranslations('VinCheck');
  const ti = useTranslations('VinIssues');
  const locale = useLocale() as Locale;
  const input = useRef<HTMLInputElement>(null);
  const [raw, setRaw] = useState(initialVin);
  const [final, setFinal] = useState(initialVin.trim() !== '');
  // Each «Проверить» with scripts: the verdict is then focused and brought into view.
  const [checks, setChecks] = useState(0);

  // What was typed before the page's scripts ran is answered as soon as they do.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed === initialVin) return;
    setRaw(typed);
    setFinal(false);
  }, [initialVin]);

  const decoded = useMemo(() => (raw.trim() ? decodeVin(raw) : undefined), [raw]);
  const leadVin = decoded ? vinForLead(raw) : undefined;
  const coverage = decoded && leadVin ? coverageOf(decoded) : undefined;
  const tone = decoded ? verdictOf(decoded).tone : undefined;
  const showsIssues = final && decoded !== undefined && decoded.kind !== 'frame' && decoded.issues.length > 0;
  // Announced once the input says something: not at every keystroke of a VIN still being typed.
  const announced = decoded && (final || typedSoFar(decoded) === undefined || (decoded.kind === 'invalid' && decoded.issues.some((issue) => issue.code !== 'length')));
  const verdict = announced ? verdictOf(decoded).key : undefined;

  // The answer lies below the form (below the fold of a phone): a verdict that appears or changes
  // as you type is scrolled up into view, no further than needed and keeping the focus in the
  // field; not the one the page came with (the address's fragment, `#vin-answer`, did that).
  const shownVerdict = useRef(verdict);
  useEffect(() => {
    if (verdict === shownVerdict.current) return;
    shownVerdict.current = verdict;
    if (verdict) document.getElementById(VIN_VERDICT_ID)?.scrollIntoView({ block: 'nearest' });
  }, [verdict]);
  // «Проверить»: the verdict takes the focus (which closes a phone's keyboard) and the top of the screen.
  useEffect(() => {
    const headline = checks ? document.getElementById(VIN_VERDICT_ID) : null;
    headline?.focus({ preventScroll: true });
    headline?.scrollIntoView({ block: 'start' });
  }, [checks]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFinal(true);
    setChecks((count) => count + 1);
    const vin = raw.trim();
    history.replaceState(history.state, '', vin ? `${action}?${new URLSearchParams({ vin })}` : action);
  }

  return (
    <div>
      <form method="get" action={`${action}#${VIN_ANSWER_ID}`} onSubmit={onSubmit} noValidate>
        <label htmlFor={VIN_INPUT_ID} className="block font-semibold text-brand-900">
          {t('label')}
        </label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            id={VIN_INPUT_ID}
            name="vin"
            defaultValue={initialVin}
            onInput={(event) => {
              setRaw(event.currentTarget.value);
              setFinal(false);
            }}
            placeholder={tc('placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={200}
            aria-describedby={showsIssues ? `vin-check-hint ${VIN_ISSUES_ID}` : 'vin-check-hint'}
            aria-invalid={final && tone === 'error' ? true : undefined}
            className="block min-h-12 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-lg tracking-wider text-ink uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-invalid:border-red-600"
          />
          <button type="submit" className="btn-primary shrink-0">
            {t('submit')}
          </button>
        </div>
        <p id="vin-check-hint" className="mt-2 text-sm text-muted">
          {tc('hint')}
        </p>
        {examples}
      </form>
      <p role="status" className="sr-only">
        {announced ? vinSummary(decoded, locale, t, ti) : ''}
      </p>
      {decoded ? (
        <div className="mt-6">
          <VinAnswer decoded={decoded} raw={raw} final={final} />
          {coverage && leadVin ? <VinCoverage coverage={coverage} vin={leadVin} plans={plans} tisPath={tisPath} /> : null}
          {decoded.kind === 'vin' && !leadVin ? <p className="mt-6 text-muted">{tc('fixFirst')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
