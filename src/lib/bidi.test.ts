import { describe, expect, it } from 'vitest';
import { withoutBidiControls, withoutBidiControlsDeep } from './bidi';

describe('direction controls', () => {
  it('are dropped from text, letters of either direction kept', () => {
    // "moc.elpmaxe@nimda" after U+202E shows as admin@example.com: the desk shows what is stored.
    expect(withoutBidiControls('\u202Emoc.elpmaxe@nimda')).toBe('moc.elpmaxe@nimda');
    expect(withoutBidiControls('a\u2066b\u2067c\u2068d\u2069e\u200E\u200F\u061Cf\u202A\u202B\u202C\u202D')).toBe('abcdef');
    expect(withoutBidiControls('שלום Иван')).toBe('שלום Иван');
  });

  it('are dropped from every string of a lead row as the desk renders it, dates and nulls kept', () => {
    const createdAt = new Date('2026-03-04T10:00:00Z');
    const row = { name: 'Ив\u202Eан', email: null, createdAt, payload: { firm: '\u2067ООО\u2069', utm: [{ source: 'a\u202Db' }] }, attempts: 3 };
    const clean = withoutBidiControlsDeep(row);
    expect(clean).toEqual({ name: 'Иван', email: null, createdAt, payload: { firm: 'ООО', utm: [{ source: 'ab' }] }, attempts: 3 });
    expect(clean.createdAt).toBe(createdAt);
    expect(withoutBidiControlsDeep(undefined)).toBeUndefined();
  });
});
