import { publicEnv } from '@/lib/public-env';

/**
 * The site's mark and name; decorative mark, the name is the accessible text. In a link home,
 * `linkLabel` follows it for screen readers («EpcSu — На главную»): the name starts with what is
 * seen (WCAG 2.5.3).
 */
export function BrandLogo({ tagline, linkLabel }: { tagline?: string; linkLabel?: string }) {
  return (
    <span className="flex items-center gap-2">
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="#f08a00" />
        <path d="M9 9h14v3H12.5v2.5H21v3h-8.5V20H23v3H9z" fill="#0f2b55" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight">{publicEnv.siteName}</span>
      {tagline ? <span className="hidden text-sm font-normal text-brand-100 xl:inline">{tagline}</span> : null}
      {linkLabel ? <span className="sr-only"> — {linkLabel}</span> : null}
    </span>
  );
}
