/**
 * Where the default e2e server's Telegram channel goes: the stand-in that playwright.config.ts
 * starts beside it (tests/e2e/telegram-stand-in.mjs), on its own port next to the servers'.
 */
const port = Number(process.env.E2E_TELEGRAM_PORT || Number(process.env.E2E_PORT || 3100) + 9);

export const TELEGRAM_STAND_IN = {
  port,
  url: `http://127.0.0.1:${port}`,
  token: '1000000001:e2e-stand-in',
  chatId: '-1000000000001',
};
