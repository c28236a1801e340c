import type { CompanySetting } from '@/settings/company.mjs';
import type { BuildTimeSetting } from '@/settings/settings.mjs';

/*
 * The build-time settings, for the pages and the browser. Their schema and defaults are
 * src/settings/settings.mjs; next.config.ts hands Next.js their parsed values (buildTimeEnv), and
 * Next.js writes each `process.env.NAME` below into the bundles as that value ('' when unset).
 * Vitest does the same (vitest.config.ts). The list must name every build-time setting but the
 * company's (src/server/company.ts reads those: only server components show them).
 */
const built = {
  LOCALE_PREFIX: process.env.LOCALE_PREFIX,
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
  NEXT_PUBLIC_SITE_NAME: process.env.NEXT_PUBLIC_SITE_NAME,
  NEXT_PUBLIC_OPERATOR_NAME: process.env.NEXT_PUBLIC_OPERATOR_NAME,
  NEXT_PUBLIC_OPERATOR_EMAIL: process.env.NEXT_PUBLIC_OPERATOR_EMAIL,
  NEXT_PUBLIC_YM_ID: process.env.NEXT_PUBLIC_YM_ID,
} satisfies Record<Exclude<BuildTimeSetting, CompanySetting>, string | undefined>;

const siteName = built.NEXT_PUBLIC_SITE_NAME ?? '';

export const publicEnv = {
  localePrefix: built.LOCALE_PREFIX === 'as-needed' ? 'as-needed' : 'always',
  siteName,
  siteUrl: (built.NEXT_PUBLIC_SITE_URL ?? '').replace(/\/+$/, ''),
  ymId: built.NEXT_PUBLIC_YM_ID || undefined,
  /** The operator of personal data when no seller is set (src/server/company.ts); the brand when unset. */
  operatorName: built.NEXT_PUBLIC_OPERATOR_NAME || siteName,
  /** Where consent is withdrawn by e-mail; unset: through the feedback form. */
  operatorEmail: built.NEXT_PUBLIC_OPERATOR_EMAIL || undefined,
} as const;
