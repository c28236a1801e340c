import { SelectField, TextAreaField } from '@/components/dialogs/form-fields';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { LEAD_STATUSES } from '@/server/desk/lead-filter';
import { deskTranslator } from './desk-translator';

function Hidden({ locale, leadId, action }: { locale: Locale; leadId: string; action: string }) {
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="back" value={localizedPath(locale, `desk/leads/${leadId}`)} />
      <input type="hidden" name="action" value={action} />
    </>
  );
}

/** Status with a comment, a comment alone (each a new entry of the timeline), «Retry delivery» (when a channel failed) and erasure: plain form posts. */
export async function LeadWorkForms({ locale, lead, canRetry, canErase }: { locale: Locale; lead: { id: string; status: string; erasedAt: Date | null }; canRetry: boolean; canErase: boolean }) {
  const t = await deskTranslator(locale);
  const action = `/api/desk/leads/${lead.id}`;
  const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 flex flex-col gap-3';
  return (
    <div className="flex flex-col gap-4">
      <form method="post" action={action} className={card} aria-labelledby="work-status">
        <h2 id="work-status" className="text-lg font-bold text-brand-900">
          {t('lead.work')}
        </h2>
        <Hidden locale={locale} leadId={lead.id} action="status" />
        <SelectField
          form="lead-status"
          name="status"
          label={t('lead.newStatus')}
          defaultValue={lead.status}
          options={LEAD_STATUSES.map((status) => ({ value: status, label: t.pick('statuses', status) }))}
        />
        <TextAreaField form="lead-status" name="note" label={t('lead.note')} maxLength={2000} />
        <div>
          <button type="submit" className="btn-primary">
            {t('lead.changeStatus')}
          </button>
        </div>
      </form>
      <form method="post" action={action} className={card}>
        <Hidden locale={locale} leadId={lead.id} action="note" />
        {/* Each comment is a new entry of the timeline: the box starts empty, nothing is edited. */}
        <TextAreaField form="lead-note" name="note" label={t('lead.addNote')} maxLength={2000} required />
        <div>
          <button type="submit" className="btn-secondary">
            {t('lead.saveNote')}
          </button>
        </div>
      </form>
      {canRetry ? (
        <form method="post" action={action} className={card}>
          <Hidden locale={locale} leadId={lead.id} action="retry" />
          <p className="text-sm text-muted">{t('lead.retryIntro')}</p>
          <div>
            <button type="submit" className="btn-secondary">
              {t('lead.retry')}
            </button>
          </div>
        </form>
      ) : null}
      {lead.erasedAt || !canErase ? null : (
        <form method="post" action={action} className={`${card} ring-red-200`}>
          <Hidden locale={locale} leadId={lead.id} action="erase" />
          <p className="text-sm text-muted">{t('lead.eraseIntro')}</p>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="checkbox" name="confirm" value="yes" required className="size-5 accent-red-700" />
            {t('lead.eraseConfirm')}
          </label>
          <div>
            <button type="submit" className="btn border-2 border-red-700 bg-white text-red-800 hover:bg-red-50">
              {t('lead.erase')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
