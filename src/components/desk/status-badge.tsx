import { deskTranslator } from './desk-translator';
import type { Locale } from '@/site/locales.mjs';

const COLOURS: Record<string, string> = {
  new: 'bg-accent-400 text-brand-900',
  in_progress: 'bg-brand-600 text-white',
  won: 'bg-green-700 text-white',
  lost: 'bg-slate-600 text-white',
  spam: 'bg-slate-300 text-ink',
};

export async function StatusBadge({ locale, status }: { locale: Locale; status: string }) {
  const t = await deskTranslator(locale);
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${COLOURS[status] ?? 'bg-slate-200'}`}>{t.pick('statuses', status)}</span>;
}
