// `npm start`: serve the production build (src/runtime/server.mjs).
// With NODE_ENV=production it never builds: a missing build, or one made from other sources or
// build-time settings, stops the start with a message (build once with `npm run build`, then run
// the built tree anywhere, with `dependencies` only). Otherwise (a developer's `npm start`, the
// tests, the benchmarks) it builds first when needed (scripts/lib/build.mjs).
import { checkBuild, ensureBuild } from './lib/build.mjs';

if (process.env.NODE_ENV === 'production') {
  const state = checkBuild();
  if (state !== 'ok') {
    console.error(
      state === 'missing'
        ? 'No production build here: run `npm run build` first (NODE_ENV=production never builds at start).'
        : 'The production build does not match the sources or the build-time settings (LOCALE_PREFIX, NEXT_PUBLIC_*, CONTACT_*, SELLER_*): run `npm run build` again with the settings it will run with.',
    );
    process.exit(1);
  }
} else {
  ensureBuild();
}
await import('../src/runtime/server.mjs');
