/**
 * The YooKassa stand-in for the end-to-end servers (tests/e2e/yookassa-stand-in.mjs), on its own
 * port next to the servers': the shop it knows, and the default server's settings that point at it.
 * Its notifications go to that server's `POST /api/payments/yookassa`.
 */
const appPort = Number(process.env.E2E_PORT || 3100);
const port = Number(process.env.E2E_YOOKASSA_PORT || appPort + 8);

export const YOOKASSA_STAND_IN = {
  port,
  url: `http://127.0.0.1:${port}`,
  /** The stand-in's command and environment (a webServer entry of playwright.config.ts). */
  command: `node tests/e2e/yookassa-stand-in.mjs ${port}`,
  env: {
    YOOKASSA_SHOP_ID: '100500',
    YOOKASSA_SECRET_KEY: 'test_e2e_stand_in_key',
    YOOKASSA_NOTIFICATION_URL: `http://127.0.0.1:${appPort}/api/payments/yookassa`,
  },
  /** The default server's settings for it. */
  settings: { YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'test_e2e_stand_in_key', YOOKASSA_API_BASE: `http://127.0.0.1:${port}` },
};
