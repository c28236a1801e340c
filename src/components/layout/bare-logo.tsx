import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { BrandLogo } from './brand-logo';

/** The element just after the logo, which the first paint waits for. */
const AFTER_LOGO = 'after-logo';

/**
 * The logo above a bare page's card (the sign-in page, the account, an invoice), a link home. The
 * first paint waits until the logo is parsed whole, as PageMain's does for the site's bars: the
 * `rel="expect"` link (React puts it in <head>) names the empty element after it. Painted while the
 * parser was inside the link, on a busy machine, the centred link stood 32 px wide (the mark alone)
 * and widened to 106 px when the name came, moving it (CLS 0.00045).
 */
export function BareLogo({ locale, label }: { locale: Locale; label: string }) {
  return (
    <>
      <link rel="expect" href={`#${AFTER_LOGO}`} blocking="render" />
      <a href={localizedPath(locale, '')} className="rounded-md text-brand-900">
        <BrandLogo linkLabel={label} />
      </a>
      <span id={AFTER_LOGO} hidden />
    </>
  );
}
