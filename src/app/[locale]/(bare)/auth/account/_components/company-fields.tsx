'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useApiClient } from '@/components/api/api-client';
import { innProblem } from '@/lib/requisites/inn.mjs';
import type { CompanyLookup } from '@/lib/partner/api-types';
import { innOf, isPersonInn, type CompanyDraft } from '@/lib/partner/purchase-order';
import { PartnerField } from './partner-field';

/** What the page says about the register's answer; `idle` says nothing (no INN to look up yet). */
type LookupState = 'idle' | 'searching' | 'found' | 'notFound' | 'unavailable' | 'off' | 'saved';

interface Props {
  company: CompanyDraft;
  /** Changes fields (and takes their errors away). */
  change: (patch: Partial<CompanyDraft>) => void;
  errors: Readonly<Record<string, string>>;
  setError: (field: string, message: string) => void;
  /** The register (DaData) is set up: a valid INN is looked up. */
  lookupOn: boolean;
  /** The fields hold the account's company as its last invoice had it. */
  saved: boolean;
}

/**
 * The buying company: the INN, checked as it is typed (its control digits, offline), and once
 * valid looked up in the register (`GET /api/companies/{inn}`), which fills the name, KPP and
 * address; a register that is off, down or does not know the INN leaves them to be typed, and
 * says so. The KPP is an organisation's: hidden for a sole proprietor's 12-digit INN.
 */
export function CompanyFields({ company, change, errors, setError, lookupOn, saved }: Props) {
  const t = useTranslations('PartnerArea.purchase');
  const tv = useTranslations('Validation');
  const api = useApiClient();
  const resting: LookupState = lookupOn ? 'idle' : 'off';
  const [lookup, setLookup] = useState<LookupState>(saved ? 'saved' : resting);
  // The INN last looked up (or given), so that an answer for an INN since changed is dropped.
  const asked = useRef(saved ? innOf(company.inn) : '');
  const found = lookup === 'found';

  const lookUp = async (inn: string) => {
    asked.current = inn;
    if (!lookupOn) return setLookup('off');
    setLookup('searching');
    const answer = await api.get<CompanyLookup>(`api/companies/${inn}`, { quiet: true });
    if (asked.current !== inn || answer.status === 401) return;
    if (answer.ok && answer.result.lookup === 'found' && answer.result.company) {
      const register = answer.result.company;
      change({ name: register.name, address: register.address, kpp: register.kpp ?? '' });
      setLookup('found');
    } else if (answer.ok) {
      setLookup(answer.result.lookup === 'found' ? 'notFound' : answer.result.lookup);
    } else if (answer.errorsFld.inn) {
      // A company the register lists as liquidated (or being liquidated): the server refuses it.
      setLookup(resting);
      setError('company.inn', answer.errorsFld.inn);
    } else {
      setLookup('unavailable');
    }
  };

  const innMessage = (problem: 'format' | 'checksum') => tv(problem === 'checksum' ? 'innChecksum' : 'innFormat');

  const onInn = (typed: string) => {
    const inn = innOf(typed);
    // Details the register gave belong to the INN it gave them for.
    const stale = found && inn !== asked.current;
    change(stale ? { inn: typed, name: '', address: '', kpp: '' } : { inn: typed });
    if (stale) setLookup(resting);
    const problem = innProblem(inn);
    // At once: control digits that disagree, or what can never be an INN; a short one waits for the field to be left.
    if (inn && (problem === 'checksum' || /\D/.test(inn) || inn.length > 12)) setError('company.inn', innMessage(problem ?? 'format'));
    else if (!problem && inn !== asked.current) void lookUp(inn);
  };
  const onInnLeft = () => {
    const inn = innOf(company.inn);
    const problem = inn ? innProblem(inn) : undefined;
    if (problem) setError('company.inn', innMessage(problem));
  };

  return (
    <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-lg font-semibold text-brand-900">{t('company')}</legend>
      <PartnerField id="purchase-inn" label={t('inn')} hint={t('innHint')} error={errors['company.inn']} required>
        <input value={company.inn} onChange={(event) => onInn(event.target.value)} onBlur={onInnLeft} inputMode="numeric" autoComplete="off" spellCheck={false} />
      </PartnerField>
      {isPersonInn(company.inn) ? null : (
        <PartnerField id="purchase-kpp" label={t('kpp')} hint={t('kppHint')} error={errors['company.kpp']} required>
          <input value={company.kpp} onChange={(event) => change({ kpp: event.target.value })} autoComplete="off" spellCheck={false} />
        </PartnerField>
      )}
      <p role="status" className={lookup === 'idle' ? 'sr-only' : `text-sm sm:col-span-2 ${lookup === 'found' ? 'text-green-800' : 'text-muted'}`}>
        {lookup === 'idle' ? '' : t(`lookup.${lookup}`)}
      </p>
      <div className="sm:col-span-2">
        <PartnerField id="purchase-name" label={t('name')} error={errors['company.name']} required>
          <input value={company.name} onChange={(event) => change({ name: event.target.value })} readOnly={found} autoComplete="organization" />
        </PartnerField>
      </div>
      <div className="sm:col-span-2">
        <PartnerField id="purchase-address" label={t('address')} error={errors['company.address']} required>
          <textarea value={company.address} onChange={(event) => change({ address: event.target.value })} readOnly={found} rows={2} autoComplete="street-address" />
        </PartnerField>
      </div>
    </fieldset>
  );
}
