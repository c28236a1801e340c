'use client';

import { useTranslations } from 'next-intl';
import type { VinDecode } from '@/lib/vin/decode';
import { normaliseVin } from '@/lib/vin/normalise';
import { VinCharacters } from './vin-characters';
import { VIN_ANSWER_ID, VIN_VERDICT_ID } from './vin-ids';
import { VinFacts } from './vin-facts';
import { issueText, typedSoFar, verdictOf, type VinTone } from './vin-text';

const TONES: Record<VinTone, { box: string; icon: string }> = {
  ok: { box: 'bg-green-50 ring-green-300', icon: '✓' },
  error: { box: 'bg-red-50 ring-red-300', icon: '✗' },
  info: { box: 'bg-brand-50 ring-brand-100', icon: 'i' },
};

export const VIN_ISSUES_ID = 'vin-issues';

interface Props {
  decoded: VinDecode;
  /** What was typed, as it was typed. */
  raw: string;
  /** The visitor asked for the verdict (sent the form): a short VIN is then an error, not work in progress. */
  final: boolean;
}

/**
 * The VIN check's answer: the verdict, the characters with the wrong ones marked, what is wrong
 * and where, and for a whole VIN what each part of it says (or what a frame number is).
 */
export function VinAnswer({ decoded, raw, final }: Props) {
  const t = useTranslations('VinCheck');
  const ts = useTranslations('VinSummary');
  const ti = useTranslations('VinIssues');
  // Still being typed: too short is not an error yet, but a character that cannot be in a VIN is.
  const typing = !final && typedSoFar(decoded) !== undefined;
  const issues = decoded.kind === 'frame' ? [] : decoded.issues.filter((issue) => !typing || issue.code !== 'length');
  const count = typing && !issues.length ? typedSoFar(decoded) : undefined;
  const verdict = verdictOf(decoded);
  const tone = TONES[count === undefined ? verdict.tone : 'info'];
  // Marked red: what is wrong. A check digit that is only a note (not mandatory there) is not.
  const marked = issues.flatMap((issue) => ('position' in issue ? [issue.position] : []));
  const sectionLabels = { sectionWmi: t('sectionWmi'), sectionVds: t('sectionVds'), sectionVis: t('sectionVis') };

  return (
    <div id={VIN_ANSWER_ID} className={`rounded-xl p-4 ring-1 sm:p-6 ${tone.box}`}>
      {/* scroll-mb: brought into view from below, the headline comes with the characters under it. */}
      <h3 id={VIN_VERDICT_ID} tabIndex={-1} className="flex scroll-mb-32 items-center gap-2 text-lg font-bold text-ink">
        <span aria-hidden="true" className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-white font-mono ring-1 ring-current/20">
          {count === undefined ? tone.icon : '…'}
        </span>
        {count !== undefined ? ts('typing', { count }) : decoded.kind === 'frame' ? ts('frame', { model: decoded.frame.modelCode }) : ts(verdict.key)}
      </h3>
      {decoded.kind === 'frame' ? null : <VinCharacters text={decoded.kind === 'vin' ? decoded.vin : normaliseVin(raw).text} marked={marked} sectionLabels={sectionLabels} />}
      {issues.length ? (
        <ul id={VIN_ISSUES_ID} className="mt-4 list-disc space-y-1 pl-5 text-red-900">
          {issues.map((issue) => (
            <li key={`${issue.code}-${'position' in issue ? issue.position : ''}`}>{issueText(issue, ti)}</li>
          ))}
        </ul>
      ) : null}
      {decoded.kind === 'vin' ? <VinFacts decoded={decoded} /> : null}
      {decoded.kind === 'frame' ? <p className="mt-3">{t('frameText', { model: decoded.frame.modelCode, serial: decoded.frame.serial })}</p> : null}
    </div>
  );
}
