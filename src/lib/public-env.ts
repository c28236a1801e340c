/** The only values that reach the browser. Inlined at build time by Next.js. */
export const publicEnv = {
  siteName: process.env.NEXT_PUBLIC_SITE_NAME || 'EpcSu',
  siteUrl: (process.env.NEXT_PUBLIC_SITE_URL || 'http://localhost:3000').replace(/\/+$/, ''),
  ymId: process.env.NEXT_PUBLIC_YM_ID || undefined,
} as const;
