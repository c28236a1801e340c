import { DeskNotice } from '@/components/desk/desk-notice';
import { deskTranslator } from '@/components/desk/desk-translator';
import { TextField } from '@/components/dialogs/form-fields';
import { isLocale } from '@/site/locales.mjs';
import { backPath } from '@/server/desk/desk-paths';
import { requireDeskStaff } from '@/server/desk/page-session';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ back?: string; error?: string; pending?: string }> };

/**
 * Step-up: the password or a code again before a staff change, an erasure or a full export; then back
 * to the page. A staff form sent while it was due comes with `pending` (its change, kept on the server)
 * and is finished by the confirmation.
 */
export default async function DeskConfirmPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  await requireDeskStaff(locale);
  const { back, error, pending } = await searchParams;
  const kept = typeof pending === 'string' && /^[A-Za-z0-9_-]{43}$/.test(pending) ? pending : undefined;
  const t = await deskTranslator(locale);
  return (
    <section className="max-w-md rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-6" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="mb-2 text-2xl font-bold text-brand-900">
        {t('confirm.title')}
      </h1>
      <p className="mb-4 text-sm text-muted">{t('confirm.intro')}</p>
      {kept ? (
        <p className="mb-4 text-sm font-semibold text-brand-900" data-pending-change>
          {t('confirm.pending')}
        </p>
      ) : null}
      <DeskNotice locale={locale} error={error} />
      <form method="post" action="/api/desk/step-up" className="flex flex-col gap-4">
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="back" value={backPath(back, locale)} />
        {kept ? <input type="hidden" name="pending" value={kept} /> : null}
        <TextField form="desk-confirm" name="secret" type="password" label={t('confirm.secret')} autoComplete="current-password" required />
        <div>
          <button type="submit" className="btn-primary">
            {t('confirm.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
