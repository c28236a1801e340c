import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { healthDetails, startAppServer, type AppServer } from './support/app-server';
import { startBotApiStub, type BotApiStub } from './support/bot-api-stub';
import { waitFor } from './support/wait-for';

const LEADS = 6;


describe('a lead survives the server being killed while Telegram fails', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'epcsu-crash-'));
  let bot: BotApiStub | undefined;
  let server: AppServer | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await bot?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every lead after SIGKILL and a restart', { timeout: 900_000 }, async () => {
    bot = await startBotApiStub();
    bot.setMode('fail');
    const env = {
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: '999:crash-test',
      TELEGRAM_CHAT_ID: '-1001',
      TELEGRAM_API_BASE: bot.url,
      TELEGRAM_MIN_INTERVAL_MS: '0',
      OUTBOX_POLL_MS: '500',
      LOG_LEVEL: 'warn',
    };
    server = await startAppServer(env);

    for (let i = 1; i <= LEADS; i++) {
      const response = await fetch(`${server.url}/api/telega/send-mail`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
        body: JSON.stringify({ t: 'btn_demo', lang: 'en', name: `Crash lead ${i}`, phone: '+79123456789', email: `c${i}@example.com`, t_client: 1 }),
      });
      expect(response.status).toBe(200);
    }
    // The worker has tried (and failed) at least once for every lead.
    await waitFor(() => bot!.requests >= LEADS, 30_000, 'failed delivery attempts');
    expect(bot.messages).toHaveLength(0);

    await server.kill('SIGKILL');
    bot.setMode('ok');
    server = await startAppServer({ ...env, PORT: '' });

    await waitFor(() => new Set(bot!.messages.map((message) => message.text)).size >= LEADS, 120_000, 'every lead to arrive');
    const names = bot.messages.map((message) => /Crash lead (\d+)/.exec(message.text)?.[1]);
    expect(new Set(names)).toEqual(new Set(Array.from({ length: LEADS }, (_, i) => String(i + 1))));

    expect((await healthDetails(server.url)).outbox?.pending).toBe(0);
    await server.kill('SIGTERM');
    expect(server.child.exitCode).toBe(0);
  });
});
