/**
 * The settings baked into the build, for the pages and the browser: Next.js inlines them at build
 * time (next.config.ts passes LOCALE_PREFIX on). The server's own settings are src/settings/settings.mjs.
 */
export const publicEnv = {
  localePrefix: process.env.LOCALE_PREFIX === 'as-needed' ? 'as-needed' : 'always',
  siteName: process.env.NEXT_PUBLIC_SITE_NAME || 'EpcSu',
  siteUrl: (process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000').replace(/\/+$/, ''),
  ymId: process.env.NEXT_PUBLIC_YM_ID || undefined,
} as const;
