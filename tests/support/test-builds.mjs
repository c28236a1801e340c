// The production builds the test command makes besides the shared one (tests/support/test-build.ts):
// each set of build-time settings is one more build. Read by playwright.config.ts, whose servers
// run them, and by scripts/build-test-variants.mjs, which `npm test` runs to make them while the
// integration tests run.

/** A test build skips Next's own type check: the test command type-checks the sources first (next.config.ts). */
export const TYPES_CHECKED = Object.freeze({ BUILD_TYPES_CHECKED: '1' });

/** LOCALE_PREFIX=as-needed (tests/e2e/as-needed.spec.ts). */
export const AS_NEEDED_BUILD = Object.freeze({ NEXT_DIST_DIR: '.next-as-needed', LOCALE_PREFIX: 'as-needed', ...TYPES_CHECKED });

/** A Metrica counter (the consent notice's specs; Yandex's hosts stubbed by them). */
export const METRICA_BUILD = Object.freeze({ NEXT_DIST_DIR: '.next-metrica', NEXT_PUBLIC_YM_ID: '12345678', ...TYPES_CHECKED });
