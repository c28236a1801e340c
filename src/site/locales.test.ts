import { describe, expect, it } from 'vitest';
import { chooseLocale, preferredFromAcceptLanguage } from './locales.mjs';

describe('chooseLocale', () => {
  it.each([
    { name: 'cookie en wins over Russia', input: { cookie: 'en', isRu: true, acceptLanguage: 'ru' }, expected: 'en' },
    { name: 'cookie ru wins over browser en', input: { cookie: 'ru', isRu: false, acceptLanguage: 'en-US' }, expected: 'ru' },
    { name: 'unknown cookie value is ignored', input: { cookie: 'de', isRu: false, acceptLanguage: 'en' }, expected: 'en' },
    { name: 'visitor in Russia gets ru over browser en', input: { cookie: null, isRu: true, acceptLanguage: 'en-US,en;q=0.9' }, expected: 'ru' },
    { name: 'browser ru abroad', input: { isRu: false, acceptLanguage: 'ru-RU,ru;q=0.9,en;q=0.8' }, expected: 'ru' },
    { name: 'browser en abroad', input: { isRu: false, acceptLanguage: 'en-GB,en;q=0.9' }, expected: 'en' },
    { name: 'q-values order the list', input: { isRu: false, acceptLanguage: 'en;q=0.5, ru;q=0.8' }, expected: 'ru' },
    { name: 'first of en/ru after others', input: { isRu: false, acceptLanguage: 'de-DE, fr;q=0.9, ru;q=0.7, en;q=0.6' }, expected: 'ru' },
    { name: 'neither language: en', input: { isRu: false, acceptLanguage: 'de-DE,fr' }, expected: 'en' },
    { name: 'no header: en', input: { isRu: false } as const, expected: 'en' },
    { name: 'q=0 means not acceptable', input: { isRu: false, acceptLanguage: 'ru;q=0, en;q=0.1' }, expected: 'en' },
    { name: 'garbage header: en', input: { isRu: false, acceptLanguage: ';;,,q=,' }, expected: 'en' },
  ])('$name', ({ input, expected }) => {
    expect(chooseLocale(input)).toBe(expected);
  });
});

describe('preferredFromAcceptLanguage', () => {
  it('keeps the header order for equal q', () => {
    expect(preferredFromAcceptLanguage('en, ru')).toBe('en');
    expect(preferredFromAcceptLanguage('ru, en')).toBe('ru');
  });
  it('is case-insensitive', () => {
    expect(preferredFromAcceptLanguage('RU-ru')).toBe('ru');
  });
});
