import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { buildTimeEnv, parseSettings } from './src/settings/settings.mjs';

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
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'tests/e2e/**', '.next/**'],
    setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/cheap-hashing.ts'],
    // Through Vite, so that the format-only alias above reaches next-intl's own imports.
    server: { deps: { inline: ['next-intl', 'use-intl'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
