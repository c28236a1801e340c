import { deskTranslator } from './desk-translator';
import type { Locale } from '@/site/locales.mjs';

/** The outcome of the last form post (`?done=…` or `?error=…` after its 303, with the message's `values`), read out politely. */
export async function DeskNotice({ locale, done, error, values }: { locale: Locale; done?: string; error?: string; values?: Record<string, string> }) {
  const t = await deskTranslator(locale);
  const doneText = done && t.has(`notices.${done}` as never) ? t.pick('notices', done) : '';
  const errorText = error && t.has(`errors.${error}` as never) ? t.pick('errors', error, values) : '';
  return (
    <p role="status" aria-live="polite" className={doneText || errorText ? `mb-4 rounded-lg px-4 py-3 text-sm font-semibold ${errorText ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}` : 'sr-only'}>
      {errorText || doneText}
    </p>
  );
}
