import { describe, expect, it } from 'vitest';
import { LEAD_KINDS } from '@/lib/leads/definitions';
import { kindName, kindTitle } from './kind-names';

describe('the names of the lead kinds', () => {
  it('come from the messages for every kind of the definitions, in both languages', () => {
    for (const kind of LEAD_KINDS) {
      for (const locale of ['ru', 'en'] as const) expect(kindName(locale, kind)).not.toMatch(/^(Desk\.)?kinds\./);
      expect(kindTitle(kind)).not.toContain('titles.');
      expect(kindTitle(kind, 'digest')).not.toContain('titles.');
    }
    expect(kindName('en', 'btn_demo')).toBe('Demo');
    expect(kindTitle('btn_demo')).toBe('🧪 Заявка: демо-доступ');
    expect(kindTitle('btn_demo', 'digest')).toBe('🧪 Демо');
  });

  it('leave a kind no definition has as it is', () => {
    expect(kindName('ru', 'fax')).toBe('fax');
    expect(kindTitle('fax', 'digest')).toBe('fax');
  });
});
