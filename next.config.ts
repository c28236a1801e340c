import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * Build-time settings: pages are pre-rendered with them (scripts/start.mjs rebuilds when they change).
 * Routing (locale redirects, visitor variants) is done by the edge in scripts/server.mjs.
 */
const localePrefix = process.env.LOCALE_PREFIX === 'as-needed' ? 'as-needed' : 'always';

const nextConfig: NextConfig = {
  // Tests build a second variant (LOCALE_PREFIX=as-needed) side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  env: {
    LOCALE_PREFIX: localePrefix,
  },
  serverExternalPackages: ['geoip-country', '@electric-sql/pglite', 'pg', 'pino', 'nodemailer', 'ioredis'],
};

export default withNextIntl(nextConfig);
