import { describe, expect, it } from 'vitest';
import { phoneCountries } from '@/lib/phone/phone-format';
import { compiledMessages } from './compiled-messages';

describe('the Countries messages', () => {
  it('name every phone country in both languages', () => {
    for (const locale of ['ru', 'en'] as const) {
      const names = compiledMessages(locale).Countries;
      expect(Object.keys(names).sort()).toEqual(phoneCountries().sort());
      for (const code of phoneCountries()) expect(names[code]).not.toBe(code);
    }
    expect(compiledMessages('ru').Countries.RU).toBe('Россия');
    expect(compiledMessages('ru').Countries.DE).toBe('Германия');
    expect(compiledMessages('en').Countries.DE).toBe('Germany');
  });
});
