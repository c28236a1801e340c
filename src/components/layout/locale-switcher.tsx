'use client';

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@/lib/locales';
import { localizedPath } from '@/lib/paths';
import { usePagePath } from './use-page-path';

interface Props {
  /** The language the link switches to. */
  target: Locale;
  /** Visible text (the target language's own short name) and its accessible label. */
  label: string;
  ariaLabel: string;
  className?: string;
}

/** Link to the same page in the other language; remembers the choice in the locale cookie. */
export function LocaleSwitcher({ target, label, ariaLabel, className }: Props) {
  const path = usePagePath();
  return (
    <a
      href={localizedPath(target, path)}
      hrefLang={target}
      lang={target}
      aria-label={ariaLabel}
      className={className}
      onClick={() => {
        document.cookie = `${LOCALE_COOKIE}=${target}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; samesite=lax`;
      }}
    >
      {label}
    </a>
  );
}
