import { afterAll, describe, expect, it } from 'vitest';
import en from '../messages/en.json';
import { startAppServer, type AppServer } from './support/app-server';
import { startBotApiStub, type BotApiStub } from './support/bot-api-stub';
import { postgresBin, startPrivatePostgres } from './support/private-postgres';
import { waitFor } from './support/wait-for';

/**
 * The database server restarts while leads arrive: each post is answered 200 or 503 in the
 * error format, never anything else, and every lead answered 200 is delivered. Needs PostgreSQL's
 * server binaries (Debian's postgresql package); the test runs its own server so it can restart it.
 */
const bin = postgresBin();
const POSTS = 120;
const EVERY_MS = 50;


describe.skipIf(!bin)('PostgreSQL restarted while leads arrive', () => {
  let database: Awaited<ReturnType<typeof startPrivatePostgres>> | undefined;
  let bot: BotApiStub | undefined;
  let server: AppServer | undefined;

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await bot?.close();
    database?.stop();
  });

  it('answers 200 or a clean 503, and delivers every lead it accepted', { timeout: 600_000 }, async () => {
    database = await startPrivatePostgres(bin!);
    bot = await startBotApiStub();
    server = await startAppServer({
      DATABASE_URL: database.url,
      TRUST_PROXY: '1',
      TELEGRAM_BOT_TOKEN: '555:restart',
      TELEGRAM_CHAT_ID: '-1003',
      TELEGRAM_API_BASE: bot.url,
      TELEGRAM_MIN_INTERVAL_MS: '0',
      OUTBOX_POLL_MS: '200',
      LOG_LEVEL: 'silent',
    });
    const base = server.url;

    const post = async (i: number) => {
      const response = await fetch(`${base}/api/telega/send-mail`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-Forwarded-For': `198.51.100.${i % 250}` },
        body: JSON.stringify({ t: 'btn_demo', lang: 'en', name: `Restart lead ${String(i).padStart(4, '0')}`, phone: '+79123456789', email: `r${i}@example.com`, t_client: 1, consent: true }),
        signal: AbortSignal.timeout(30_000),
      });
      return { i, status: response.status, body: await response.json() };
    };

    // A post every 50 ms for 6 s; the database restarts 1.5 s in.
    const answers: Array<Promise<Awaited<ReturnType<typeof post>>>> = [];
    const restart = new Promise((resolve) => setTimeout(resolve, 1500)).then(() => database!.restart());
    for (let i = 1; i <= POSTS; i++) {
      answers.push(post(i));
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
    await restart;
    const results = await Promise.all(answers);

    const refused = results.filter((result) => result.status !== 200);
    for (const result of refused) {
      expect(result.status).toBe(503);
      expect(result.body).toEqual({ errors: [en.ApiErrors.unavailable], errorsFld: {} });
    }
    const accepted = results.filter((result) => result.status === 200).map((result) => `Restart lead ${String(result.i).padStart(4, '0')}`);
    // The posts after the restart are taken again.
    expect(results.slice(-10).every((result) => result.status === 200)).toBe(true);

    await waitFor(() => accepted.every((name) => bot!.messages.some((message) => message.text.includes(name))), 120_000, 'every accepted lead to be delivered');
    console.info(`PostgreSQL restart: ${accepted.length} accepted, ${refused.length} answered 503`);
  });
});
