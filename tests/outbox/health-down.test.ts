import { afterAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { POST as sendFeedback } from '@/app/api/telega/send/route';
import { setDbForTests } from '@/server/database';
import { setEnvForTests } from '@/server/env';
import { setLimitersForTests } from '@/server/http/rate-limit';
import en from '../../messages/en.json';
import { jsonRequest } from '../support/requests';

describe('with the database down', () => {
  afterAll(() => setEnvForTests());

  it('health answers 503 quickly and lead posts answer 503 in the error format, never a stack trace', async () => {
    setDbForTests(undefined);
    setLimitersForTests();
    setEnvForTests({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    const started = Date.now();
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(503);
    expect((await response.json()).result).toEqual({ status: 'down' });
    expect(Date.now() - started).toBeLessThan(3000);

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
});
