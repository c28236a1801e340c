import 'server-only';
import { sendTelegramMessage, TelegramError, type TelegramTarget } from '../../notify/telegram';
import { DeliveryError, type Channel } from './types';

/**
 * The Telegram channel: payload `{ text }` (already HTML-escaped). Paces messages to the same
 * chat (Telegram allows about one a second) and turns Telegram's 429 into a wait.
 */
export function telegramChannel(target: TelegramTarget, minIntervalMs = 1000, timeoutMs = 10_000): Channel {
  let nextFreeAt = 0;
  return {
    name: 'telegram',
    async send(payload) {
      const text = typeof payload.text === 'string' ? payload.text : '';
      if (!text) throw new DeliveryError('empty Telegram message', { permanent: true });
      const wait = nextFreeAt - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      nextFreeAt = Date.now() + minIntervalMs;
      try {
        await sendTelegramMessage(target, text, timeoutMs);
      } catch (error) {
        if (error instanceof TelegramError) {
          if (error.retryAfter) nextFreeAt = Date.now() + error.retryAfter * 1000;
          throw new DeliveryError(error.message, { retryAfter: error.retryAfter });
        }
        throw error;
      }
    },
  };
}
