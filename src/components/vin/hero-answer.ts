import type { Locale } from '@/site/locales.mjs';
import { decodeVin } from '@/lib/vin/decode';
import { verdictOf, vinSummary, type Translate, type VinTone } from './vin-text';

/**
 * The home page's one-line answer for what is typed in its VIN field. Fetched with the decoder
 * on the first input (hero-vin-check.tsx), so the home page's scripts carry neither.
 */
export function heroAnswer(raw: string, locale: Locale, t: Translate<'VinSummary'>, tIssues: Translate<'VinIssues'>): { text: string; tone: VinTone } {
  const decoded = decodeVin(raw);
  const stillTyping = decoded.kind === 'invalid' && decoded.issues.every((issue) => issue.code === 'length');
  return { text: vinSummary(decoded, locale, t, tIssues), tone: stillTyping ? 'info' : verdictOf(decoded).tone };
}
