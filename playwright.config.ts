import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { COMPANY } from './tests/support/company.mjs';
import { DESK_ADMIN } from './tests/e2e/desk-admin';
import { TELEGRAM_STAND_IN } from './tests/e2e/telegram-settings';
import { PURCHASE_SETTINGS, PURCHASE_STAND_INS } from './tests/e2e/purchase-settings';
import { TEST_BUILD } from './tests/support/test-build';
import { AS_NEEDED_BUILD, METRICA_BUILD } from './tests/support/test-builds.mjs';

/**
 * End-to-end tests against the production build (scripts/start.mjs builds when needed).
 * Three servers: the default settings, LOCALE_PREFIX=as-needed built into its own folder, and a
 * Metrica counter (NEXT_PUBLIC_YM_ID) built into its own folder, for the consent notice's specs
 * (Yandex's hosts are stubbed there by the specs: no test reaches the outside network).
 * TRUST_PROXY=1 lets a test pose as a visitor from a given address through X-Forwarded-For.
 * The default server delivers leads to a Telegram stand-in (tests/e2e/telegram-stand-in.mjs, read
 * with tests/e2e/telegram.ts), started first, at once and without a poll delay, and runs the
 * build the integration tests share (tests/support/test-build.ts: the company's contacts and
 * seller, tests/support/company.mjs), so a whole run builds it once. No server has
 * NEXT_PUBLIC_SITE_URL: no page may name a made-up host (tests/e2e/company.spec.ts).
 * A fourth server runs the default build (same build-time settings: no second build) with
 * reminders after three seconds around the clock, for tests/e2e/desk-reminders.spec.ts alone:
 * on the shared default server they would remind of every other spec's leads (it has them off).
 */
const PORT = Number(process.env.E2E_PORT || 3100);
const AS_NEEDED_PORT = PORT + 1;
const METRICA_PORT = PORT + 2;
const REMINDERS_PORT = PORT + 3;
/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`), the browser Playwright itself runs
 * headless: without the full browser's windowing it spends about a third less CPU on these tests
 * (docs/benchmarks.md), and the suite is bound by the CPU. The full `chromium` where it is missing;
 * CHROMIUM_PATH names another. The benchmarks keep the full browser (Lighthouse's standard).
 */
const chromium = process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) || '/usr/bin/chromium';


/** Where the sales chat gets its messages: the stand-in, at once. */
const CHAT = {
  TELEGRAM_BOT_TOKEN: TELEGRAM_STAND_IN.token,
  TELEGRAM_CHAT_ID: TELEGRAM_STAND_IN.chatId,
  TELEGRAM_API_BASE: TELEGRAM_STAND_IN.url,
  TELEGRAM_MIN_INTERVAL_MS: '0',
  OUTBOX_POLL_MS: '200',
};

const server = (port: number, extraEnv: Record<string, string>) => ({
  command: 'node scripts/start.mjs',
  url: `http://127.0.0.1:${port}/api/health`,
  timeout: 600_000,
  reuseExistingServer: !process.env.CI,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: '1', DATA_DIR: `.e2e-data/${port}`, ...extraEnv },
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No second attempt, in CI too: a test that passes only when tried again is a fault of the site or
  // of the test, and a retry would hide it (and a timing fault most of all). `--retries=N` by hand.
  retries: 0,
  workers: 2,
  // The JSON report keeps each test's time, for finding where the suite's minutes go.
  reporter: [['list'], ['json', { outputFile: 'playwright-report/results.json' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    // No trace: recording one for every test (each action's DOM snapshot) took 28 % of the heavy
    // specs' CPU (docs/benchmarks.md). `--trace retain-on-failure` by hand; a failing test keeps
    // its screenshot, which costs nothing until it fails.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    {
      name: 'default',
      testIgnore: [/as-needed\.spec\.ts/, /metrica\.spec\.ts/, /desk-reminders\.spec\.ts/],
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${PORT}` },
    },
    {
      name: 'as-needed',
      testMatch: /as-needed\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${AS_NEEDED_PORT}` },
    },
    {
      name: 'metrica',
      testMatch: /metrica\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${METRICA_PORT}` },
    },
    {
      name: 'reminders',
      testMatch: /desk-reminders\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${REMINDERS_PORT}` },
    },
  ],
  webServer: [
    {
      command: `node tests/e2e/telegram-stand-in.mjs ${TELEGRAM_STAND_IN.port}`,
      url: `${TELEGRAM_STAND_IN.url}/messages`,
      timeout: 10_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
    ...PURCHASE_STAND_INS,
    server(PORT, {
      DESK_ADMIN_EMAIL: DESK_ADMIN.email,
      DESK_ADMIN_PASSWORD: DESK_ADMIN.password,
      ...CHAT,
      // Leads of other specs wait unworked for minutes: no reminders of them into the chat they read.
      DESK_ESCALATE_MINUTES: '0',
      ...COMPANY,
      ...PURCHASE_SETTINGS,
      ...TEST_BUILD,
    }),
    server(REMINDERS_PORT, {
      DESK_ADMIN_EMAIL: DESK_ADMIN.email,
      DESK_ADMIN_PASSWORD: DESK_ADMIN.password,
      ...CHAT,
      DESK_WORKING_HOURS: 'Mon-Sun 00:00-24:00 UTC',
      DESK_ESCALATE_MINUTES: '0.05',
      ...TEST_BUILD,
    }),
    server(AS_NEEDED_PORT, AS_NEEDED_BUILD),
    // Also the desk whose every staff change asks for the password again (tests/e2e/desk-staff-names.spec.ts).
    server(METRICA_PORT, { ...METRICA_BUILD, DESK_ADMIN_EMAIL: DESK_ADMIN.email, DESK_ADMIN_PASSWORD: DESK_ADMIN.password, DESK_STEP_UP_MINUTES: '0' }),
  ],
});
