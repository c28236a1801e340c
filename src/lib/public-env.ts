/**
 * The settings baked into the build, for the pages and the browser: Next.js inlines them at build
 * time (next.config.ts passes LOCALE_PREFIX on). The server's own settings are src/settings/settings.mjs.
 */
export const publicEnv = {
  localePrefix: process.env.LOCALE_PREFIX === 'as-needed' ? 'as-needed' : 'always',
  siteName: process.env.NEXT_PUBLIC_SITE_NAME || 'EpcSu',
  siteUrl: (process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000').replace(/\/+$/, ''),
  ymId: process.env.NEXT_PUBLIC_YM_ID || undefined,
  /** The operator of personal data the consent text names; the brand when unset. */
  operatorName: process.env.NEXT_PUBLIC_OPERATOR_NAME || process.env.NEXT_PUBLIC_SITE_NAME || 'EpcSu',
  /** Where consent is withdrawn by e-mail; unset: through the feedback form. */
  operatorEmail: process.env.NEXT_PUBLIC_OPERATOR_EMAIL || undefined,
} as const;
