import 'server-only';
import type { Env } from '../env';
import { emailChannel } from './channels/email';
import { telegramChannel } from './channels/telegram';
import type { Channels } from './channels/types';
import type { Pacer } from './pacer';

/** Telegram is on when both the bot token and the chat are set. */
function telegramSettings(env: Env) {
  if (!env.TELEGRAM_BOT_TOKEN || !env.TELEGRAM_CHAT_ID) return undefined;
  return { base: env.TELEGRAM_API_BASE, token: env.TELEGRAM_BOT_TOKEN, chatId: env.TELEGRAM_CHAT_ID };
}

/** Mail can be sent when SMTP_URL is set; the sender defaults to the sales mailbox. */
export function mailSettings(env: Env) {
  if (!env.SMTP_URL) return undefined;
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? env.SALES_EMAIL ?? 'no-reply@localhost' };
}

/** The channels a new lead is queued for: Telegram, and the sales mailbox when SMTP and SALES_EMAIL are set. */
export function leadChannels(env: Env): Array<'telegram' | 'email'> {
  const channels: Array<'telegram' | 'email'> = [];
  if (telegramSettings(env)) channels.push('telegram');
  if (mailSettings(env) && env.SALES_EMAIL) channels.push('email');
  return channels;
}

/**
 * Least time between two messages to the sales chat: the setting, else Telegram's limits,
 * 20 a minute in a group or channel (ids start with "-") and about one a second in a private chat.
 */
export function telegramIntervalMs(env: Env): number {
  if (env.TELEGRAM_MIN_INTERVAL_MS !== undefined) return env.TELEGRAM_MIN_INTERVAL_MS;
  return env.TELEGRAM_CHAT_ID?.startsWith('-') ? 3000 : 1000;
}

/**
 * The delivery adapters the worker uses. `pacer` spaces the messages to the sales chat: the
 * server passes one on the database, shared by all its instances; by default this process's own.
 */
export function channelsFromEnv(env: Env, pacer?: Pacer): Channels {
  const channels: Channels = {};
  const telegram = telegramSettings(env);
  if (telegram) channels.telegram = telegramChannel(telegram, { intervalMs: telegramIntervalMs(env), pacer }, env.TELEGRAM_TIMEOUT_MS);
  const mail = mailSettings(env);
  if (mail) channels.email = emailChannel(mail.smtpUrl, mail.from);
  return channels;
}
