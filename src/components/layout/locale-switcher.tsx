'use client';

import type { Locale } from '@/lib/locales';
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

/** Link to the same page in the other language (the page's enhancer stores the choice in the cookie). */
export function LocaleSwitcher({ target, label, ariaLabel, className }: Props) {
  const path = usePagePath();
  return (
    <a
      href={localizedPath(target, path)}
      hrefLang={target}
      lang={target}
      aria-label={ariaLabel}
      className={className}
      data-locale-switch=""
    >
      {label}
    </a>
  );
}
