import { TextField } from '@/components/dialogs/form-fields';
import type { Locale } from '@/site/locales.mjs';
import { enrolmentQrSvg } from '@/server/desk/totp-qr';
import { deskTranslator } from './desk-translator';

/** A code form posting one second-factor action. */
export async function CodeForm({ locale, action, submit }: { locale: Locale; action: 'verify' | 'enable' | 'disable'; submit: string }) {
  const t = await deskTranslator(locale);
  return (
    <form method="post" action="/api/desk/second-factor" className="flex flex-col gap-4">
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="action" value={action} />
      <TextField form={`desk-2fa-${action}`} name="code" label={t('secondFactor.code')} inputMode={action === 'verify' ? 'text' : 'numeric'} autoComplete="one-time-code" maxLength={20} required />
      <div>
        <button type="submit" className="btn-primary">
          {submit}
        </button>
      </div>
    </form>
  );
}

/** The member's choice to turn the second factor on: only then is a key made and shown. */
export async function StartEnrolmentForm({ locale }: { locale: Locale }) {
  const t = await deskTranslator(locale);
  return (
    <form method="post" action="/api/desk/second-factor">
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="action" value="begin" />
      <button type="submit" className="btn-primary">
        {t('account.start')}
      </button>
    </form>
  );
}

/** Enrolment under way: the QR code, the key and its link for the app, and the first code. */
export async function Enrolment({ locale, secret, uri }: { locale: Locale; secret: string; uri: string }) {
  const t = await deskTranslator(locale);
  const qr = await enrolmentQrSvg(uri);
  return (
    <div className="flex flex-col gap-4">
      {/* Our own markup from the qrcode package (paths only), not text from anyone. */}
      <div role="img" aria-label={t('secondFactor.qr')} className="w-48 max-w-full bg-white p-1 ring-1 ring-brand-100" data-totp-qr dangerouslySetInnerHTML={{ __html: qr }} />
      <dl className="text-sm">
        <dt className="font-semibold">{t('secondFactor.secret')}</dt>
        <dd className="mb-2 font-mono break-all" data-totp-secret={secret}>
          {secret.replace(/(.{4})/g, '$1 ').trim()}
        </dd>
        <dt className="font-semibold">{t('secondFactor.uri')}</dt>
        <dd className="mb-2 break-all">
          <a href={uri} className="text-brand-700 underline">
            {uri}
          </a>
        </dd>
      </dl>
      <CodeForm locale={locale} action="enable" submit={t('account.enable')} />
    </div>
  );
}

/** The recovery codes of a factor just turned on: shown this once. */
export async function RecoveryCodes({ locale, codes }: { locale: Locale; codes: string[] }) {
  const t = await deskTranslator(locale);
  return (
    <section aria-labelledby="recovery-title" className="mb-4 rounded-lg bg-amber-50 p-3" data-recovery-codes>
      <h3 id="recovery-title" className="font-semibold">
        {t('account.recoveryTitle')}
      </h3>
      <p className="mb-2 text-sm">{t('account.recoveryIntro')}</p>
      <p className="mb-2 text-sm font-semibold">{t('account.recoveryShownOnce')}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
