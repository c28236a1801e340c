import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { buildTimeEnv, parseSettings } from './src/settings/settings.mjs';

const TESTS = ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'];
const NOT_TESTS = ['node_modules/**', 'tests/e2e/**', '.next/**'];
/** Route handlers, the desk, the purchase and the outbox, called in-process against PGlite (and PostgreSQL when TEST_DATABASE_URL is set) and local stand-ins. */
const API = ['tests/{api,billing,desk,outbox}/**/*.test.{ts,tsx}'];
/** The server as processes (built first when its build is stale), nginx, PostgreSQL and Redis. */
const INTEGRATION = ['src/**/*.int.test.{ts,tsx}', 'tests/**/*.int.test.{ts,tsx}'];
const SETUP = ['tests/setup/fail-on-console-error.ts', 'tests/setup/cheap-hashing.ts'];
/**
 * The unit and api files share their worker's modules: a fresh module graph for each file cost
 * more than the tests. Before each file, tests/setup/fresh-state.ts puts the process-wide state
 * (settings, database, limits, Redis, the metrics and security counts, the logger, the server's
 * secret, an outbox worker left running) back to how a fresh process has it.
 */
const SHARED_MODULES = { isolate: false, setupFiles: [...SETUP, 'tests/setup/fresh-state.ts'] };

export default defineConfig({
  // As Next.js does at build (next.config.ts): the build-time settings written into the code that
  // reads them (src/lib/public-env.ts), here with their defaults.
  define: Object.fromEntries(Object.entries(buildTimeEnv(parseSettings({}))).map(([name, value]) => [`process.env.${name}`, JSON.stringify(value)])),
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      // Next.js resolves this marker to nothing on the server; so do the tests.
      // As in next.config.ts: messages are compiled, next-intl formats them without a parser.
      'use-intl/format-message': fileURLToPath(import.meta.resolve('use-intl/format-message/format-only')),
      'server-only': fileURLToPath(new URL('./tests/setup/server-only.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    // Through Vite, so that the format-only alias above reaches next-intl's own imports.
    server: { deps: { inline: ['next-intl', 'use-intl'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites by kind (`vitest run --project <name>`; `vitest run` runs all three). A test file
    // that is neither integration nor api is a unit test, so none falls outside the suites.
    projects: [
      // The unit and api files three at a time (Vitest's own default on a 2-core machine is one):
      // an api file waits on PostgreSQL much of its time. The integration files after them, two at
      // a time: they spend most of their time waiting on the faults they make (one at a time kept
      // the CPU 29 % busy), and their fault tests, which judge timing and delivery counts of real
      // processes, hold with one such file beside them (docs/benchmarks.md, 2026-12-07, midday);
      // four at a time they did not.
      { extends: true, test: { name: 'unit', include: TESTS, exclude: [...NOT_TESTS, ...API, ...INTEGRATION], maxWorkers: 3, ...SHARED_MODULES } },
      { extends: true, test: { name: 'api', include: API, exclude: [...NOT_TESTS, ...INTEGRATION], maxWorkers: 3, ...SHARED_MODULES } },
      { extends: true, test: { name: 'integration', include: INTEGRATION, exclude: NOT_TESTS, setupFiles: SETUP, maxWorkers: 2, sequence: { groupOrder: 1 } } },
    ],
  },
});
