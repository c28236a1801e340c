'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '@/site/locales.mjs';
import { VIN_ANSWER_ID } from './vin-ids';
import { VIN_INPUT } from './vin-input';
import type { VinTone } from './vin-text';

type Answerer = typeof import('./hero-answer');

const TONE_TEXT: Record<VinTone, string> = { ok: 'text-green-800', error: 'text-red-700', info: 'text-brand-800' };

/**
 * The home page's compact VIN field: a GET form to /vehicle (the full answer, with or without
 * scripts). With scripts it says in one line what the VIN is as you type; the decoder (about
 * 7 KB) is fetched on the first input only, so the home page does not carry it.
 */
export function HeroVinCheck({ action }: { action: string }) {
  const t = useTranslations('VinSummary');
  const ti = useTranslations('VinIssues');
  const locale = useLocale() as Locale;
  const input = useRef<HTMLInputElement>(null);
  const answerer = useRef<Promise<Answerer> | undefined>(undefined);
  const [answer, setAnswer] = useState<{ text: string; tone: VinTone } | undefined>();

  async function update(value: string) {
    if (!value.trim()) return setAnswer(undefined);
    answerer.current ??= import('./hero-answer');
    const { heroAnswer } = await answerer.current.catch(() => ({ heroAnswer: undefined }));
    // A later keystroke has its own answer; without the decoder the form still leads to the page.
    if (!heroAnswer || input.current?.value !== value) return;
    setAnswer(heroAnswer(value, locale, t, ti));
  }

  // What was typed before the page's scripts ran.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed) void update(typed);
    // Once, on taking the field over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    // The check's page comes back scrolled to its answer (`/vehicle?vin=…#vin-answer`).
    <form method="get" action={`${action}#${VIN_ANSWER_ID}`} className="mt-8 max-w-2xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100">
      <label htmlFor="hero-vin" className="block font-semibold text-brand-900">
        {t('heroLabel')}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id="hero-vin"
          {...VIN_INPUT}
          onInput={(event) => void update(event.currentTarget.value)}
          placeholder={t('heroPlaceholder')}
        />
        <button type="submit" className="btn-secondary shrink-0">
          {t('submit')}
        </button>
      </div>
      <p role="status" className={`mt-2 min-h-6 text-sm font-medium ${answer ? TONE_TEXT[answer.tone] : ''}`}>
        {answer?.text}
      </p>
    </form>
  );
}
