import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { parseSettings } from './src/settings/settings.mjs';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * Messages are compiled from ICU syntax on the server (src/i18n/compiled-messages.ts); every
 * bundle formats them with next-intl's small formatter instead of intl-messageformat
 * (docs/decisions/011).
 */
export const FORMAT_ONLY = `./${relative(process.cwd(), createRequire(import.meta.url).resolve('use-intl/format-message/format-only'))}`;

/**
 * Build-time settings: pages are pre-rendered with them (scripts/start.mjs rebuilds when they change).
 * Routing (locale redirects, visitor variants) is done by the edge in src/runtime/server.mjs.
 */
const { LOCALE_PREFIX: localePrefix } = parseSettings(process.env);

/**
 * The folder Turbopack may read: the project, or the nearest folder above it that also holds the
 * installed packages when node_modules is a link elsewhere (a git worktree that shares the main
 * checkout's install). Turbopack refuses packages outside its root.
 */
function workspaceRoot(project = process.cwd()): string {
  const modules = realpathSync(join(project, 'node_modules'));
  let root = project;
  while (relative(root, modules).startsWith('..') && dirname(root) !== root) root = dirname(root);
  return root;
}

const nextConfig: NextConfig = {
  // Tests build a second variant (LOCALE_PREFIX=as-needed) side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  env: {
    LOCALE_PREFIX: localePrefix,
  },
  turbopack: { root: workspaceRoot(), resolveAlias: { 'use-intl/format-message': FORMAT_ONLY } },
  serverExternalPackages: ['geoip-country', '@electric-sql/pglite', 'pg', 'pino', 'nodemailer', 'ioredis'],
};

export default withNextIntl(nextConfig);
