'use client';

import { Suspense } from 'react';
import { useSearchParams } from 'next/navigation';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { usePageAddress } from './use-page-path';

interface Props {
  /** The language the link switches to. */
  target: Locale;
  /** Visible text (the target language's short name) and what follows it for screen readers. */
  label: string;
  ariaLabel: string;
  className?: string;
}

/** The query the switch carries: the page's own, but `ref` (the index's one-time scroll to a section). */
function carried(query: string): string {
  const params = new URLSearchParams(query);
  params.delete('ref');
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Link to the same page and query in the other language (the page's enhancer stores the choice in
 * the cookie). Its name starts with what it shows («EN — English version», WCAG 2.5.3), so a voice
 * user who says what they see reaches it.
 *
 * The address is the page's public one, never the route that served it (a tool's answer, an order
 * outcome: docs/decisions/014). A page Next.js renders per request (a tool's answer) has its query
 * in the HTML; a pre-rendered page cannot know it, so it is rendered with the query its variant
 * stands for (`?order=sent`) and the enhancer adds the rest of the address's query at load
 * (`data-carry`), before the scripts replace it with the current query.
 */
export function LocaleSwitcher(props: Props) {
  const { page, query } = usePageAddress();
  const path = localizedPath(props.target, page);
  return (
    <Suspense fallback={<SwitchLink {...props} href={`${path}${carried(query ?? '')}`} />}>
      <SwitchWithQuery {...props} path={path} />
    </Suspense>
  );
}

/** The switch with the current query (read where the page is rendered per request or in the browser). */
function SwitchWithQuery({ path, ...props }: Props & { path: string }) {
  const search = useSearchParams();
  return <SwitchLink {...props} href={`${path}${carried(search.toString())}`} />;
}

function SwitchLink({ target, label, ariaLabel, className, href }: Props & { href: string }) {
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      className={className}
      data-carry="all-but-ref"
      // The cookie that remembers the choice, set by the page's enhancer on click (src/enhancer/navigation.mjs).
      data-locale-switch={`${LOCALE_COOKIE}=${target}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; samesite=lax`}
    >
      {label}
      <span className="sr-only"> — {ariaLabel}</span>
    </a>
  );
}
