// The browser tests' two builds of their own (tests/support/test-builds.mjs), made ahead of them:
// `npm test` runs this at the lowest priority beside the integration tests. What is up to date is
// kept; the browser tests' servers wait on a build still being made (the build's lock).
import { AS_NEEDED_BUILD, METRICA_BUILD } from '../tests/support/test-builds.mjs';
import { ensureBuild } from './lib/build.mjs';

for (const variant of [AS_NEEDED_BUILD, METRICA_BUILD]) ensureBuild({ ...process.env, ...variant });
