import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { publicEnv } from '@/lib/public-env';
import { CONSENT_CHECK, CONSENT_STYLE } from '@/site/consent.mjs';

/** Whether the build has a Metrica counter, and so asks for consent to analytics cookies. */
export const asksConsent = () => Boolean(publicEnv.ymId);

/**
 * For <head>, with a counter: the inline check that marks <html> `data-consent` when a choice is
 * stored, and the rule that then hides the notice, both before anything of the body is parsed, so
 * a stored choice never shows the notice for a frame (src/site/consent.mjs).
 */
export function ConsentCheck() {
  if (!asksConsent()) return null;
  return (
    <>
      <script data-eager="" dangerouslySetInnerHTML={{ __html: CONSENT_CHECK }} />
      <style dangerouslySetInnerHTML={{ __html: CONSENT_STYLE }} />
    </>
  );
}

/**
 * The notice asking for consent to analytics cookies (docs/decisions/020), only with a Metrica
 * counter: in the page's HTML, so it shows without JavaScript too (analytics stays off then).
 * ConsentCheck, in the head, hides it when a choice is stored; the enhancer stores the choice
 * (src/enhancer/metrica-consent.mjs). Fixed to the bottom, over the page: it moves nothing, and its text is
 * kept small (CONSENT_STYLE) so that it is never the page's largest paint.
 * Its utilities are all in use elsewhere: without a counter the site's CSS is the same.
 */
export async function ConsentNotice({ locale }: { locale: Locale }) {
  if (!asksConsent()) return null;
  const t = await getTranslations({ locale, namespace: 'Consent' });
  return (
    <div id="consent-notice" role="region" aria-label={t('label')} className="pointer-events-none fixed inset-x-0 bottom-4 z-50 px-4">
      <div className="pointer-events-auto mx-auto max-w-xl rounded-lg bg-white px-4 py-3 text-xs text-ink shadow-lg ring-1 ring-brand-100">
        <p>{t('text')}</p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button type="button" data-consent-choice="granted" className="btn-primary min-h-10 py-2 text-sm">
            {t('accept')}
          </button>
          <button type="button" data-consent-choice="denied" className="btn-secondary min-h-10 py-2 text-sm">
            {t('decline')}
          </button>
          <a href={localizedPath(locale, 'about/privacy')} className="text-brand-700 underline">
            {t('policy')}
          </a>
        </div>
      </div>
    </div>
  );
}
