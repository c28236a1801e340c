import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./src/', import.meta.url)),
      // Next.js resolves this marker to nothing on the server; so do the tests.
      'server-only': fileURLToPath(new URL('./tests/setup/server-only.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'tests/e2e/**', '.next/**'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
