import { afterEach, describe, expect, it } from 'vitest';
import { telegramChannel } from '@/server/outbox/channels/telegram';
import { memoryPacer, type Pacer } from '@/server/outbox/pacer';
import { startBotApiStub, type BotApiStub } from '../support/bot-api-stub';

const INTERVAL_MS = 60;
/** How late the first message leaves after its slot: a slow write of its hold, a busy event loop. */
const LATE_MS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the chat’s pace, counted at Telegram', () => {
  let bot: BotApiStub | undefined;
  afterEach(async () => {
    await bot?.close();
    bot = undefined;
  });

  it('keeps the interval between two messages when the first leaves late after its slot', async () => {
    // The stand-in answers 429 to a message that comes sooner than the interval after the one before.
    bot = await startBotApiStub({ minIntervalMs: INTERVAL_MS });
    const memory = memoryPacer();
    let holds = 0;
    // The first message's hold takes LATE_MS to write, so that message leaves that much after its slot.
    const pacer: Pacer = {
      reserve: memory.reserve,
      async holdUntil(target, until) {
        await memory.holdUntil(target, until);
        if (++holds === 1) await sleep(LATE_MS);
      },
    };
    const channel = telegramChannel({ base: bot.url, token: '123:pace', chatId: '-100' }, { intervalMs: INTERVAL_MS, pacer }, 2000);

    await channel.send({ text: 'first' });
    await channel.send({ text: 'second' });

    expect(bot.log.map((entry) => entry.status)).toEqual([200, 200]);
    const [first, second] = bot.log.map((entry) => entry.at);
    expect(second! - first!).toBeGreaterThanOrEqual(INTERVAL_MS);
  });
});
