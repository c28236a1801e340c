import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { telegramIntervalMs } from './config';

describe('pacing of the sales chat', () => {
  const env = (settings: Record<string, string>) => parseEnv({ TELEGRAM_BOT_TOKEN: '1:x', ...settings });

  it("keeps to Telegram's 20 messages a minute in a group or channel", () => {
    expect(telegramIntervalMs(env({ TELEGRAM_CHAT_ID: '-1001234567890' }))).toBe(3000);
  });

  it('sends about one a second to a person', () => {
    expect(telegramIntervalMs(env({ TELEGRAM_CHAT_ID: '123456789' }))).toBe(1000);
  });

  it('takes TELEGRAM_MIN_INTERVAL_MS when it is set, 0 included; empty means unset', () => {
    expect(telegramIntervalMs(env({ TELEGRAM_CHAT_ID: '-1', TELEGRAM_MIN_INTERVAL_MS: '0' }))).toBe(0);
    expect(telegramIntervalMs(env({ TELEGRAM_CHAT_ID: '-1', TELEGRAM_MIN_INTERVAL_MS: '250' }))).toBe(250);
    expect(telegramIntervalMs(env({ TELEGRAM_CHAT_ID: '-1', TELEGRAM_MIN_INTERVAL_MS: '' }))).toBe(3000);
    expect(() => env({ TELEGRAM_MIN_INTERVAL_MS: 'soon' })).toThrow(/TELEGRAM_MIN_INTERVAL_MS/);
  });
});
