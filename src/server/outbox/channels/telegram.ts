import 'server-only';
import { sendTelegramMessage, TelegramError, type TelegramTarget } from '../../notify/telegram';
import { memoryPacer, type Pacer } from '../pacer';
import { DeliveryError, type Channel } from './types';

export interface TelegramPacing {
  /** Least time between two messages to the chat. */
  intervalMs: number;
  /** Shared by the workers that send to the chat (databasePacer), or this process's own. */
  pacer?: Pacer;
}

/**
 * The Telegram channel: payload `{ text }` (already HTML-escaped). Paces messages to the chat
 * (Telegram allows about one a second, 20 a minute in a group) and turns Telegram's 429 into a
 * hold of the chat for every worker.
 */
export function telegramChannel(target: TelegramTarget, pacing: TelegramPacing = { intervalMs: 1000 }, timeoutMs = 10_000): Channel {
  const pacer = pacing.pacer ?? memoryPacer();
  const key = `telegram:${target.chatId}`;
  /** Keeps the chat's next message a whole interval from now (a hold only ever lengthens). */
  const holdAnInterval = async () => {
    if (pacing.intervalMs > 0) await pacer.holdUntil(key, new Date(Date.now() + pacing.intervalMs));
  };
  return {
    name: 'telegram',
    async send(payload, _context, limits) {
      const text = typeof payload.text === 'string' ? payload.text : '';
      if (!text) throw new DeliveryError('empty Telegram message', { permanent: true });
      // A chat held longer than the caller may wait (ChannelHeld) or a database that cannot pace
      // (OutboxDatabaseDown) ends the send here, before anything left.
      await pacer.reserve(key, pacing.intervalMs, limits?.maxWaitMs);
      // A slot is when a send may start; on a busy machine the wait can end late, and the next
      // slot, counted from the one reserved, would then follow this send too closely. The chat's
      // next message waits a whole interval from now (for another instance's worker, which may
      // reserve while this send is on its way), and again from the send's end (below).
      await holdAnInterval();
      try {
        await sendTelegramMessage(target, text, timeoutMs);
      } catch (error) {
        if (error instanceof TelegramError) {
          if (error.retryAfter) await pacer.holdUntil(key, new Date(Date.now() + error.retryAfter * 1000));
          throw new DeliveryError(error.message, { retryAfter: error.retryAfter, maybeSent: error.maybeSent });
        }
        throw error;
      } finally {
        // The request can leave well after the hold above (its own write, a busy event loop); once
        // the send has ended Telegram has had it, so this worker's next message comes at least a
        // whole interval after it there.
        await holdAnInterval();
      }
    },
  };
}
