import { SELLER_SETTINGS } from '../support/seller.mjs';
import { YOOKASSA_STAND_IN } from './yookassa-settings';

/*
 * What the default end-to-end server sells with: the seller's bank (tests/support/seller.mjs), and
 * the stand-ins playwright.config.ts starts beside it on ports next to the servers': DaData
 * (tests/e2e/dadata-stand-in.mjs), YooKassa (tests/e2e/yookassa-stand-in.mjs) and a receiver of the
 * signed webhook (tests/e2e/webhook-stand-in.mjs), which the activations are posted to.
 */
const appPort = Number(process.env.E2E_PORT || 3100);
const dadataPort = Number(process.env.E2E_DADATA_PORT || appPort + 10);
const webhookPort = Number(process.env.E2E_WEBHOOK_PORT || appPort + 11);

const DADATA_STAND_IN = {
  url: `http://127.0.0.1:${dadataPort}`,
  key: 'e2e-dadata-key',
  command: `node tests/e2e/dadata-stand-in.mjs ${dadataPort} e2e-dadata-key`,
};

export const WEBHOOK_STAND_IN = {
  url: `http://127.0.0.1:${webhookPort}`,
  /** `whsec_` and 32 bytes in base64. */
  secret: 'whsec_ZTJlLXdlYmhvb2stc2VjcmV0LW9mLTMyLWJ5dGVzISE=',
  get command() {
    return `node tests/e2e/webhook-stand-in.mjs ${webhookPort} ${this.secret}`;
  },
};

/** The stand-ins as webServer entries. */
export const PURCHASE_STAND_INS = [
  { command: DADATA_STAND_IN.command, url: `${DADATA_STAND_IN.url}/__requests` },
  { command: YOOKASSA_STAND_IN.command, url: `${YOOKASSA_STAND_IN.url}/__payments`, env: YOOKASSA_STAND_IN.env },
  { command: WEBHOOK_STAND_IN.command, url: `${WEBHOOK_STAND_IN.url}/deliveries` },
].map((entry) => ({ timeout: 10_000, reuseExistingServer: !process.env.CI, stdout: 'ignore' as const, stderr: 'pipe' as const, ...entry }));

/** The default server's settings for selling online. */
export const PURCHASE_SETTINGS = {
  ...SELLER_SETTINGS,
  DADATA_API_KEY: DADATA_STAND_IN.key,
  DADATA_API_BASE: DADATA_STAND_IN.url,
  ...YOOKASSA_STAND_IN.settings,
  WEBHOOK_URL: `${WEBHOOK_STAND_IN.url}/hooks`,
  WEBHOOK_SECRET: WEBHOOK_STAND_IN.secret,
};
