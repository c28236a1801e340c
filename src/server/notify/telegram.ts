import 'server-only';
import { countTelegramRateLimited } from '../metrics';

export interface TelegramTarget {
  /** Bot API base, e.g. https://api.telegram.org */
  base: string;
  token: string;
  chatId: string;
}

/**
 * A failed send. `retryAfter` (seconds) is Telegram's own wait on 429. `maybeSent`: no answer came
 * (a timeout, a connection lost after the request left), so the message may be in the chat.
 */
export class TelegramError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryAfter?: number,
    readonly maybeSent = false,
  ) {
    super(message);
    this.name = 'TelegramError';
  }
}

/** Escapes text for Telegram's HTML parse mode (only &, < and > are special). */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Sends one message through `{base}/bot{token}/sendMessage` (HTML parse mode). Throws
 * TelegramError on a refusal, a network failure or after `timeoutMs`. The token never appears
 * in an error message.
 */
export async function sendTelegramMessage(target: TelegramTarget, text: string, timeoutMs = 10_000): Promise<void> {
  const url = `${target.base.replace(/\/+$/, '')}/bot${target.token}/sendMessage`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ chat_id: target.chatId, text, parse_mode: 'HTML', link_preview_options: { is_disabled: true } }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : 'network error';
    // A refused connection carried nothing; anything else may have delivered the request.
    const refused = (error as { cause?: { code?: string } } | undefined)?.cause?.code === 'ECONNREFUSED';
    throw new TelegramError(`Telegram ${reason}`, undefined, undefined, !refused);
  }
  const body = (await response.json().catch(() => undefined)) as
    | { ok?: boolean; description?: string; parameters?: { retry_after?: number } }
    | undefined;
  if (response.ok && body?.ok) return;
  if (response.status === 429) countTelegramRateLimited();
  const retryAfter = Number(body?.parameters?.retry_after);
  throw new TelegramError(
    `Telegram answered ${response.status}${body?.description ? `: ${body.description}` : ''}`.slice(0, 300),
    response.status,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}
