import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const NOT_BENCHMARKS = { regex: '(^|/)benchmarks/', message: 'The site and its production path do not import the benchmarks (benchmarks/).' };

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Playwright's fixture callback is named `use`; it is not a React hook.
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The site and its production path do not depend on the benchmarks (docs/design.md).
    files: ['src/**', 'scripts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_BENCHMARKS] }] },
  },
  {
    // The edge's modules do not load the build's room (docs/design.md): they read what it prepared
    // through src/runtime/prepared-build.mjs. (The start of a build made with `next build` alone
    // has it prepare first, through an import() in server.mjs, which this rule leaves alone.)
    // (One rule's options replace another's for a file both match: the benchmarks' pattern again.)
    files: ['src/runtime/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)build/', message: 'The edge does not import the build (src/build/).' }, NOT_BENCHMARKS] }] },
  },
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
];

export default config;
