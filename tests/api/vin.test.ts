import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { GET } from '@/app/api/vin/[vin]/route';
import { VIN_ISSUE_CODES } from '@/lib/vin/issues';
import { LIMITS, setLimitersForTests } from '@/server/http/rate-limit';
import { nextAddress } from '../support/requests';

/** `GET /api/vin/{vin}` with the VIN percent-encoded as a browser sends it (or a raw path). */
function lookUp(vin: string, { lang = 'en', address = nextAddress(), raw = false }: { lang?: 'ru' | 'en'; address?: string; raw?: boolean } = {}) {
  const request = new Request(`http://localhost:3000/api/vin/${raw ? vin : encodeURIComponent(vin)}`, {
    headers: { 'Accept-Language': lang, 'X-Forwarded-For': address, host: 'localhost:3000' },
  });
  return GET(request);
}

async function refusal(vin: string, lang: 'ru' | 'en' = 'en', raw = false) {
  const response = await lookUp(vin, { lang, raw });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { errors: string[]; errorsFld: { vin: string } };
  expect(body.errors[0]).toBe((lang === 'en' ? en : ru).ApiErrors.invalidInput);
  expect(body.errors).toContain(body.errorsFld.vin);
  return body.errorsFld.vin;
}

describe('GET /api/vin/{vin}', () => {
  beforeEach(() => setLimitersForTests());

  it('decodes a good VIN and names the products that cover it', async () => {
    const response = await lookUp('WVWZZZ1JZ3W386752');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { result } = await response.json();
    expect(result).toMatchObject({
      kind: 'vin',
      vin: 'WVWZZZ1JZ3W386752',
      valid: true,
      manufacturer: { entry: { manufacturer: 'Volkswagen AG', country: 'DE' } },
      checkDigit: { verdict: 'notUsed' },
      modelYear: { code: '3' },
      coverage: { plans: ['vag', 'epc'], tis: { id: 'vag' } },
    });
  });

  it('answers the 49 CFR 565 example with a correct check digit, and a frame number as such', async () => {
    const { result } = await (await lookUp('1M8GDM9AXKP042788')).json();
    expect(result).toMatchObject({ checkDigit: { verdict: 'correct' }, coverage: { plans: ['spec'] } });
    const frame = await (await lookUp('GX100-1234567')).json();
    expect(frame.result).toEqual({ kind: 'frame', frame: { text: 'GX100-1234567', modelCode: 'GX100', serial: '1234567' }, coverage: { plans: ['epc'] } });
  });

  it('adds a note, not an error, for a doubtful check digit outside North America and China', async () => {
    const body = await (await lookUp('KMHDN41B36U123456')).json();
    expect(body.result.valid).toBe(true);
    expect(body.infoStr).toBe('Position 9 holds 3 where the check digit would be X: probably a typo, unless the maker does not use a check digit');
  });

  it('refuses empty input, 16 and 18 characters', async () => {
    expect(await refusal('')).toBe(en.VinIssues.empty);
    expect(await refusal('WVWZZZ1JZ3W38675')).toBe('A VIN has 17 characters; this one has 16');
    expect(await refusal('WVWZZZ1JZ3W3867521')).toBe('A VIN has 17 characters; this one has 18');
    expect(await refusal('WVWZZZ1JZ3W38675', 'ru')).toBe('В VIN 17 символов, а здесь 16');
  });

  it('names I, O and Q with their position', async () => {
    expect(await refusal('IVWZZZ1JZ3W386752')).toBe('Position 1: the letter I is never used in a VIN; it is probably the digit 1');
    expect(await refusal('WVWZZZ1JZ3W3867O2')).toContain('Position 16: the letter O');
    expect(await refusal('WVWZZZ1JZ3W38675Q')).toContain('Position 17: the letter Q');
  });

  it('refuses Unicode look-alikes, one line per character', async () => {
    expect(await refusal('ХТА21214011580133')).toBe(
      [
        'Position 1: «Х» (U+0425) is a Cyrillic letter that looks like the Latin X; type it in the English keyboard layout',
        'Position 2: «Т» (U+0422) is a Cyrillic letter that looks like the Latin T; type it in the English keyboard layout',
        'Position 3: «А» (U+0410) is a Cyrillic letter that looks like the Latin A; type it in the English keyboard layout',
      ].join('\n'),
    );
    expect(await refusal('ＷVWZZZ1JZ3W386752')).toContain('Position 1: «Ｗ» (U+FF37) is a full-width character');
    expect(await refusal('WVWZZZ1JZ3W38675Β', 'ru')).toContain('Позиция 17: «Β» (U+0392) — греческая буква');
  });

  it('refuses a wrong check digit where it is required', async () => {
    expect(await refusal('1M8GDM9A5KP042788')).toBe('Position 9: the check digit is 5, but the other characters give X, probably a typo');
  });

  it('answers a 10 KB string with 400 by its length, without reading it character by character', async () => {
    expect(await refusal('W'.repeat(10_240))).toBe('A VIN has 17 characters; this one has 10240');
    // Read through, these would each be named («Position 1: the letter I …»); only the length is.
    expect(await refusal('I'.repeat(10_240))).toBe('A VIN has 17 characters; this one has 10240');
    expect(await refusal('I'.repeat(18))).toContain('Position 1: the letter I');
  });

  it('decodes the segment once, and reports a malformed escape as characters', async () => {
    expect((await lookUp('WVW%20ZZZ%201JZ3W386752', { raw: true })).status).toBe(200);
    expect(await refusal('%D0%A5TA21214011580133', 'en', true)).toContain('«Х» (U+0425) is a Cyrillic letter');
    expect(await refusal('%2541', 'en', true)).toContain('«%» (U+0025) is not allowed');
    expect(await refusal('%A0%A0%A0', 'en', true)).toContain('Position 1: «%» (U+0025) is not allowed');
  });

  it('never answers 5xx, whatever the segment holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.stringMatching(/^[A-Z0-9]{17}$/), fc.constantFrom('%00', '%', '%%41', '..%2F..%2Fetc', '%ED%A0%80')), async (vin) => {
        setLimitersForTests();
        // Escapes as they come, anything else encoded as a browser would (a lone surrogate cannot be sent).
        const response = vin.includes('%') ? await lookUp(vin, { raw: true }) : await lookUp(vin.toWellFormed());
        expect([200, 400]).toContain(response.status);
        const body = await response.json();
        expect(response.status === 200 ? body.result : body.errors).toBeTruthy();
      }),
      { numRuns: 300 },
    );
  });

  it('is rate-limited per client address, in the error format', async () => {
    const address = '198.51.100.77';
    for (let i = 0; i < LIMITS.vinIp.points; i++) expect((await lookUp('WVWZZZ1JZ3W386752', { address })).status).toBe(200);
    const blocked = await lookUp('WVWZZZ1JZ3W386752', { address });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({ errors: [en.ApiErrors.rateLimited], errorsFld: {} });
    expect((await lookUp('WVWZZZ1JZ3W386752')).status).toBe(200);
  });

  it('has every issue message in both languages', () => {
    for (const code of VIN_ISSUE_CODES) {
      expect(en.VinIssues[code]).toBeTruthy();
      expect(ru.VinIssues[code]).toBeTruthy();
    }
  });
});
