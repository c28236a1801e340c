import { BUILD_TIME_SETTINGS } from '../../src/settings/settings.mjs';
import { COMPANY } from './company.mjs';
import { TYPES_CHECKED } from './test-builds.mjs';

/**
 * The one production build the integration tests and the default browser-test servers share: the
 * company's contacts and a seller with its bank (tests/support/company.mjs), built once into
 * its own folder. A production build takes about a minute on a quiet 2-core machine; every other set
 * of build-time settings a test gives its server is one more (tests/support/test-builds.mjs).
 */
export const TEST_BUILD: Readonly<Record<string, string> & { NEXT_DIST_DIR: string }> = {
  NEXT_DIST_DIR: '.next-test',
  ...TYPES_CHECKED,
  ...Object.fromEntries(Object.entries(COMPANY).filter(([name]) => (BUILD_TIME_SETTINGS as readonly string[]).includes(name))),
};
