import { describe, expect, it } from 'vitest';
import { definitionOf, isLeadKind, LEAD_DEFINITIONS, LEAD_KINDS } from './definitions';

describe('the lead definitions', () => {
  it('name each kind once', () => {
    expect(new Set(LEAD_KINDS).size).toBe(LEAD_KINDS.length);
    for (const kind of LEAD_KINDS) expect(isLeadKind(kind) && definitionOf(kind)?.kinds).toContain(kind);
    expect(isLeadKind('toString')).toBe(false);
  });

  it('show in a digest line only fields of their own, each once, one of them in bold at most', () => {
    for (const definition of LEAD_DEFINITIONS) {
      const names = definition.digest.map((part) => (typeof part === 'string' ? part : part.bold));
      const fields: readonly string[] = definition.fields.map((field) => field.name);
      for (const name of names) expect(fields, `${definition.kinds.join('/')}: ${name}`).toContain(name);
      expect(new Set(names).size).toBe(names.length);
      expect(definition.digest.filter((part) => typeof part !== 'string').length).toBeLessThanOrEqual(1);
    }
  });
});
