import { expect } from '@playwright/test';
import { TELEGRAM_STAND_IN } from './telegram-settings';

/** A message the default e2e server sent to the Telegram stand-in (tests/e2e/telegram-stand-in.mjs). */
export interface TelegramMessage {
  token: string;
  chat_id: string;
  text: string;
  parse_mode?: string;
  at: number;
}

/** Everything the stand-in has received (from every run since it started), oldest first. */
export async function telegramMessages(): Promise<TelegramMessage[]> {
  const response = await fetch(`${TELEGRAM_STAND_IN.url}/messages`);
  return (await response.json()) as TelegramMessage[];
}

/**
 * Waits until a message the stand-in received contains `match` (a string, or a RegExp over the
 * message text) and returns it. Make `match` unique to the test (a name with the run's id): the
 * stand-in keeps the messages of every test and earlier runs.
 */
export async function waitForTelegram(match: string | RegExp, timeout = 30_000): Promise<TelegramMessage> {
  let found: TelegramMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await telegramMessages()).find((message) => (typeof match === 'string' ? message.text.includes(match) : match.test(message.text)));
        return found !== undefined;
      },
      { timeout, message: `a Telegram message with ${String(match)}` },
    )
    .toBe(true);
  return found!;
}

/**
 * Whether `text` carries the phone `e164` (`+79161234567`), written as E.164 or grouped for
 * people (`+7 916 123 45 67`, `+7 (916) 123-45-67`).
 */
export function hasPhone(text: string, e164: string): boolean {
  return text.replace(/(?<=[+\d])[\s()\u00a0-]+(?=[\d(])/g, '').replace(/[()]/g, '').includes(e164);
}
