import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import { buildBrowserZod } from './scripts/lib/browser-zod.mjs';
import { buildTimeEnv, parseSettings } from './src/settings/settings.mjs';

/**
 * Messages are compiled from ICU syntax on the server (src/i18n/compiled-messages.ts); every
 * bundle formats them with next-intl's small formatter instead of intl-messageformat
 * (docs/decisions/011).
 */
export const FORMAT_ONLY = `./${relative(process.cwd(), createRequire(import.meta.url).resolve('use-intl/format-message/format-only'))}`;

/**
 * Turbopack compiles only files below its root. When node_modules is a link to another checkout's
 * (a git worktree sharing the main one's), the root is the nearest directory holding both.
 */
function workspaceRoot(): string {
  const project = realpathSync(process.cwd());
  const modules = dirname(realpathSync(join(project, 'node_modules')));
  let root = project;
  while (!`${modules}${sep}`.startsWith(`${root}${sep}`) && dirname(root) !== root) root = dirname(root);
  return root;
}

/**
 * Build-time settings: pages are pre-rendered with them (scripts/start.mjs rebuilds when they change),
 * and the bundles carry them as the settings' schema parses them (src/lib/public-env.ts reads them).
 * Routing (locale redirects, visitor variants) is done by the edge in src/runtime/server.mjs.
 */
const builtSettings = buildTimeEnv(parseSettings(process.env));

const nextConfig = (phase: string): NextConfig => ({
  // Tests build a second variant (LOCALE_PREFIX=as-needed) side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // forbidden(): a sales account on an admin page of the desk gets 403.
    authInterrupts: true,
    // Turbopack keeps its work on disk for the next build of the same folder: a rebuild after an
    // edit takes 41 s where a first build takes 66. A build in CI starts from a clean checkout and
    // is never made again: there the cache is only written, a quarter of the build's CPU.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  // The tests' builds (tests/support/test-build.ts and the browser tests' other two) skip Next's
  // own type check: the test command has checked the same sources with the same tsconfig.json
  // before any of them (`npm run typecheck` in `npm run test:quick`). Every other build checks.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  env: builtSettings,
  turbopack: {
    root: workspaceRoot(),
    resolveAlias: {
      'use-intl/format-message': FORMAT_ONLY,
      // The browser gets zod/mini cut to what the schemas use (docs/decisions/016); made when
      // bundling only: the production server bundles nothing and may not write to node_modules.
      ...(phase === PHASE_PRODUCTION_SERVER ? {} : { 'zod/mini': { browser: buildBrowserZod(process.cwd()) } }),
    },
  },
  // prom-client: the app's metrics and the registry next-app.mjs serves to the edge are one module.
  // pdfkit loads its font metrics and fontkit at run time: Node resolves it from node_modules.
  // exceljs (the desk's .xlsx export) is CommonJS with many dependencies: loaded as it is, not bundled.
  serverExternalPackages: ['geoip-country', '@electric-sql/pglite', 'pg', 'pino', 'nodemailer', 'ioredis', 'prom-client', 'pdfkit', 'fontkit', 'exceljs'],
});

/**
 * next-intl's plugin only aliases modules for the bundler (its `env` part needs a basePath or
 * trailingSlash, which the site has not); loading it loads its message extractor's native tools
 * (@swc/core, @parcel/watcher), which the runtime tree leaves out (scripts/lib/production-tree.mjs).
 * The production server bundles nothing: it takes the configuration without the plugin.
 */
export default async (phase: string) => {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig(phase);
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin('./src/i18n/request.ts')(nextConfig(phase));
};
