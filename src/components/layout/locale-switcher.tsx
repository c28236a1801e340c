'use client';

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { usePagePath } from './use-page-path';

interface Props {
  /** The language the link switches to. */
  target: Locale;
  /** Visible text (the target language's short name) and what follows it for screen readers. */
  label: string;
  ariaLabel: string;
  className?: string;
}

/**
 * Link to the same page in the other language (the page's enhancer stores the choice in the
 * cookie). Its name starts with what it shows («EN — English version», WCAG 2.5.3), so a voice
 * user who says what they see reaches it.
 */
export function LocaleSwitcher({ target, label, ariaLabel, className }: Props) {
  const path = usePagePath();
  return (
    <a
      href={localizedPath(target, path)}
      hrefLang={target}
      lang={target}
      className={className}
      // The cookie that remembers the choice, set by the page's enhancer on click (src/site/enhance.mjs).
      data-locale-switch={`${LOCALE_COOKIE}=${target}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; samesite=lax`}
    >
      {label}
      <span className="sr-only"> — {ariaLabel}</span>
    </a>
  );
}
