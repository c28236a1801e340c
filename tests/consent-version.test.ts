import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '@/lib/validation/consent';
import en from '../messages/en.json';
import ru from '../messages/ru.json';

/**
 * Each lead records the version of the consent text its sender agreed to (src/lib/validation/consent.ts).
 * The text is `Pages.consent` in both languages: a change to it is a new version. When this test
 * fails, set CONSENT_VERSION to the date the new text takes effect and the hash below to what the
 * test printed.
 */
const TEXT_HASH: Record<string, string> = { '2026-11-24': '7da45d1570413dd4', '2026-11-27': 'c2851a6658f58b1d' };

describe('the consent text', () => {
  it('changes only with a new version date', () => {
    const hash = createHash('sha256').update(JSON.stringify([ru.Pages.consent, en.Pages.consent])).digest('hex').slice(0, 16);
    expect(CONSENT_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect({ version: CONSENT_VERSION, hash }).toEqual({ version: CONSENT_VERSION, hash: TEXT_HASH[CONSENT_VERSION] });
  });

  it('names the operator, the purposes, the data, the actions, the term and how to withdraw, in both languages', () => {
    for (const text of [JSON.stringify(ru.Pages.consent), JSON.stringify(en.Pages.consent)]) {
      for (const place of ['%operator%', '%withdraw%', '%version%']) expect(text).toContain(place);
      expect(ru.Pages.consent.sections.length).toBe(en.Pages.consent.sections.length);
    }
    // 152-FZ art. 9 part 4: the operator's name and address; with a seller set, its INN and OGRN too.
    for (const { operator } of [ru.Pages.consent, en.Pages.consent]) {
      for (const place of ['%name%', '%inn%', '%ogrn%', '%address%']) expect(operator.seller).toContain(place);
      expect(operator.brand).toContain('%name%');
    }
    expect(ru.Pages.consent.sections.map((section) => section.heading)).toEqual(['Оператор', 'Какие данные', 'Цели обработки', 'Действия с данными', 'Срок действия и отзыв', 'Связь с политикой конфиденциальности']);
  });
});
