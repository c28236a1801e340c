import { SelectField } from '@/components/dialogs/form-fields';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { deskTranslator } from './desk-translator';

export interface OwnerChoice {
  id: string;
  name: string;
  onDuty: boolean;
}

function Hidden({ locale, leadId, action }: { locale: Locale; leadId: string; action: string }) {
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="back" value={localizedPath(locale, `desk/leads/${leadId}`)} />
      <input type="hidden" name="action" value={action} />
    </>
  );
}

/**
 * Whose the lead is, «Take» (for whoever may own leads and does not own this one) and the hand-over
 * (for its owner and admins): plain form posts, checked again on the server.
 */
export async function LeadOwnerPanel({ locale, leadId, ownerId, ownerName, canTake, canHandOver, choices }: { locale: Locale; leadId: string; ownerId: string | null; ownerName: string | null; canTake: boolean; canHandOver: boolean; choices: OwnerChoice[] }) {
  const t = await deskTranslator(locale);
  const action = `/api/desk/leads/${leadId}`;
  return (
    <section className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100" aria-labelledby="lead-owner">
      <h2 id="lead-owner" className="text-lg font-bold text-brand-900">
        {t('owner.title')}
      </h2>
      <p data-testid="lead-owner" className={ownerId ? 'font-semibold' : 'text-muted'}>
        {ownerId ? (ownerName ?? t('owner.gone')) : t('owner.none')}
      </p>
      {canTake ? (
        <form method="post" action={action}>
          <Hidden locale={locale} leadId={leadId} action="take" />
          <button type="submit" className="btn-primary" title={t('owner.takeHint')}>
            {t('owner.take')}
          </button>
        </form>
      ) : null}
      {canHandOver ? (
        <form method="post" action={action} className="flex flex-wrap items-end gap-2">
          <Hidden locale={locale} leadId={leadId} action="handover" />
          <div className="min-w-0 flex-1 basis-48">
            <SelectField
              form="lead-handover"
              name="owner"
              label={t('owner.handOver')}
              required
              placeholder="—"
              options={choices.filter((choice) => choice.id !== ownerId).map((choice) => ({ value: choice.id, label: choice.onDuty ? t('owner.onDuty', { name: choice.name }) : choice.name }))}
            />
          </div>
          <button type="submit" className="btn-secondary">
            {t('owner.handOverSubmit')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
