import 'server-only';
import { deskPath } from '../desk/desk-paths';
import type { Env } from '../env';
import { amoCrmChannel } from './channels/amocrm';
import { bitrix24Channel } from './channels/bitrix24';
import { emailChannel } from './channels/email';
import { telegramChannel } from './channels/telegram';
import type { InvoiceRenderer } from './channels/invoice-email';
import { webhookChannel } from './channels/webhook';
import { webhookEventChannel } from './channels/webhook-event';
import type { Channels, LeadChannelName } from './channels/types';
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

/**
 * The channels a new lead is queued for: Telegram, the sales mailbox when SMTP and SALES_EMAIL are
 * set, and each CRM and the webhook whose settings are given.
 */
export function leadChannels(env: Env): LeadChannelName[] {
  const channels: LeadChannelName[] = [];
  if (telegramSettings(env)) channels.push('telegram');
  if (mailSettings(env) && env.SALES_EMAIL) channels.push('email');
  if (env.BITRIX24_WEBHOOK_URL) channels.push('bitrix24');
  if (env.AMOCRM_BASE_URL && env.AMOCRM_TOKEN) channels.push('amocrm');
  if (env.WEBHOOK_URL && env.WEBHOOK_SECRET) channels.push('webhook');
  return channels;
}

/** The lead's page in the desk, when the site's address is set (the messages link to it). */
export function leadDeskUrl(env: Env, leadId: string): string | undefined {
  return env.NEXT_PUBLIC_SITE_URL ? `${env.NEXT_PUBLIC_SITE_URL}${deskPath('ru', `leads/${leadId}`)}` : undefined;
}

/** What the CRM channels say of the site: its name, address and the desk link of a lead. */
function siteOf(env: Env) {
  return {
    site: env.NEXT_PUBLIC_SITE_NAME,
    siteUrl: env.NEXT_PUBLIC_SITE_URL,
    deskUrl: (leadId: string) => leadDeskUrl(env, leadId),
    timeoutMs: env.CRM_TIMEOUT_MS,
  };
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
 * `renderInvoicePdf` makes the PDF a buyer's invoice e-mail carries (the invoice PDF of
 * src/server/billing/invoice-pdf.ts); without one, those e-mails wait.
 */
export function channelsFromEnv(env: Env, pacer?: Pacer, renderInvoicePdf?: InvoiceRenderer): Channels {
  const channels: Channels = {};
  const telegram = telegramSettings(env);
  if (telegram) channels.telegram = telegramChannel(telegram, { intervalMs: telegramIntervalMs(env), pacer }, env.TELEGRAM_TIMEOUT_MS);
  const mail = mailSettings(env);
  if (mail) channels.email = emailChannel(mail.smtpUrl, mail.from, { renderPdf: renderInvoicePdf, site: { name: env.NEXT_PUBLIC_SITE_NAME, url: env.NEXT_PUBLIC_SITE_URL } }, env.SMTP_TIMEOUT_MS);
  const site = siteOf(env);
  if (env.BITRIX24_WEBHOOK_URL) {
    channels.bitrix24 = bitrix24Channel({ ...site, webhookUrl: env.BITRIX24_WEBHOOK_URL, duplicates: env.BITRIX24_DUPLICATES, originator: originatorOf(env) });
  }
  if (env.AMOCRM_BASE_URL && env.AMOCRM_TOKEN) channels.amocrm = amoCrmChannel({ ...site, baseUrl: env.AMOCRM_BASE_URL, token: env.AMOCRM_TOKEN, pipelineId: env.AMOCRM_PIPELINE_ID });
  if (env.WEBHOOK_URL && env.WEBHOOK_SECRET) {
    channels.webhook = webhookChannel({ ...site, url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET });
    // Not a lead's channel: the site's own events (an activation) to the same receiver.
    channels['webhook-event'] = webhookEventChannel({ url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET, timeoutMs: env.CRM_TIMEOUT_MS });
  }
  return channels;
}

/** Bitrix24's ORIGINATOR_ID: the site's host when its address is set, else its name. */
function originatorOf(env: Env): string {
  return env.NEXT_PUBLIC_SITE_URL ? new URL(env.NEXT_PUBLIC_SITE_URL).host : env.NEXT_PUBLIC_SITE_NAME;
}
