import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leadDigestLine } from '../leads/format-lead';
import { digestLine, digestText, splitDigest, TELEGRAM_MAX_CHARS } from './digest-text';

describe('digest messages', () => {
  it('count the leads in Russian', () => {
    expect(digestText(['a'])).toBe('<b>📋 Сводка: 1 новая заявка</b>\n\n1. a');
    expect(digestText(['a', 'b', 'c'])).toMatch(/^<b>📋 Сводка: 3 новые заявки<\/b>/);
    expect(digestText(Array(12).fill('x'))).toMatch(/^<b>📋 Сводка: 12 новых заявок<\/b>/);
    expect(digestText(Array(21).fill('x'), { index: 1, total: 3 })).toMatch(/^<b>📋 Сводка \(2\/3\): 21 новая заявка<\/b>/);
  });

  it("make a lead's line of kind, name, phone, e-mail, firm and page, every value escaped", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, company) => {
        const line = leadDigestLine({ kind: 'registration', lang: 'ru', data: { name, phone: '+79123456789', firm_name: company, url: 'https://evil.example/x' } });
        for (const tag of line.match(/<[^>]*>/g) ?? []) expect(['<b>', '</b>', '<code>', '</code>']).toContain(tag);
        expect(line).not.toContain('\n');
        expect(line.length).toBeLessThan(600);
      }),
    );
    expect(leadDigestLine({ kind: 'registration', number: 5, lang: 'en', data: { name: 'A <b>\nB', phone: '+12025550123', email: 'a@b.c', firm_name: 'X & Y', url: '/en/epc' } })).toBe(
      '👤 Регистрация №5 · <b>A &lt;b&gt; B</b> · +1 202 555 0123 · a@b.c · X &amp; Y · <code>/en/epc</code>',
    );
    expect(leadDigestLine({ kind: 'btn_demo', lang: 'ru', data: { name: 'A', phone: '+12025550123', vin: 'WVWZZZ1JZ3W386752', url: '/ru/vehicle?vin=WVWZZZ1JZ3W386752' } })).toBe(
      '🧪 Демо · <b>A</b> · +1 202 555 0123 · VIN <code>WVWZZZ1JZ3W386752</code> · <code>/ru/vehicle?vin=WVWZZZ1JZ3W386752</code>',
    );
  });

  it('make a line of a message queued without one from its text, tags dropped, never cut inside an entity', () => {
    expect(digestLine({ text: '<b>Title</b>\n\n<b>Имя:</b> A &amp; B' })).toBe('Title · Имя: A &amp; B');
    const long = digestLine({ text: `${'x'.repeat(298)}&amp;tail` });
    expect(long).toBe(`${'x'.repeat(298)}…`);
    expect(digestLine({ line: 'y'.repeat(2000), text: 'short' })).toBe('short');
  });

  it('split into parts of at most 4096 characters, every line in one part, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 120 }), (lengths) => {
        const lines = lengths.map((length, i) => `${i}:${'z'.repeat(length)}`);
        const parts = splitDigest(lines, (line) => line);
        expect(parts.flat()).toEqual(lines);
        parts.forEach((part, index) => expect(digestText(part, { index, total: parts.length }).length).toBeLessThanOrEqual(TELEGRAM_MAX_CHARS));
      }),
    );
  });
});
