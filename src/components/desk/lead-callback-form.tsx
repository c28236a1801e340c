import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { deskTranslator } from './desk-translator';

/** «Call back at»: a wall time of the desk's zone (`datetime-local`), a plain form post; empty clears it. */
export async function LeadCallbackForm({ locale, leadId, value, timeZone }: { locale: Locale; leadId: string; value: string; timeZone: string }) {
  const t = await deskTranslator(locale);
  return (
    <form method="post" action={`/api/desk/leads/${leadId}`} className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100" aria-labelledby="lead-callback">
      <h2 id="lead-callback" className="text-lg font-bold text-brand-900">
        {t('lead.callbackTitle')}
      </h2>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="back" value={localizedPath(locale, `desk/leads/${leadId}`)} />
      <input type="hidden" name="action" value="callback" />
      <p id="lead-callback-intro" className="text-sm text-muted">
        {t('lead.callbackIntro')}
      </p>
      <label className="flex flex-col gap-1 text-sm font-semibold text-ink">
        {t('lead.callbackAt', { zone: timeZone })}
        <input type="datetime-local" name="callbackAt" defaultValue={value} aria-describedby="lead-callback-intro" className="min-h-11 rounded-lg border border-brand-200 px-3 font-normal" />
      </label>
      <div>
        <button type="submit" className="btn-secondary">
          {t('lead.setCallback')}
        </button>
      </div>
    </form>
  );
}
