import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { POST as sendFeedback } from '@/app/api/telega/send/route';
import { setDbForTests } from '@/server/database';
import { setEnvForTests } from '@/server/env';
import { setLimitersForTests } from '@/server/http/rate-limit';
import en from '../../messages/en.json';
import { jsonRequest } from '../support/requests';

describe('with the database down', () => {
  afterAll(() => setEnvForTests());

  it('health answers 503 and lead posts answer 503 in the error format, never a stack trace', async () => {
    setDbForTests(undefined);
    setLimitersForTests();
    setEnvForTests({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(503);
    expect((await response.json()).result).toEqual({ status: 'down' });

    const lead = await sendFeedback(
      jsonRequest(
        '/api/telega/send',
        { t: 'feedback', name: 'A', phone: '+79123456789', email: 'a@example.com', note: 'x', department: 'support', country_name: 'RU', consent: true },
        { lang: 'en' },
      ),
    );
    expect(lead.status).toBe(503);
    expect(await lead.json()).toEqual({ errors: [en.ApiErrors.unavailable], errorsFld: {} });
  });

  it('health answers 503 at its 2 s deadline when the database takes the connection and never answers (fake clock)', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    setDbForTests(undefined);
    setEnvForTests({ DATABASE_URL: `postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/none` });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let answered = false;
      const answer = health(new Request('http://localhost/api/health')).then((response) => {
        answered = true;
        return response;
      });
      await vi.advanceTimersByTimeAsync(1999);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const response = await answer;
      expect(response.status).toBe(503);
      expect((await response.json()).result).toEqual({ status: 'down' });
    } finally {
      vi.useRealTimers();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      setDbForTests(undefined);
    }
  });
});
