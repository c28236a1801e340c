import { describe, expect, it } from 'vitest';
import en from '../messages/en.json';
import ru from '../messages/ru.json';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function leaves(value: unknown): string[] {
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [String(value)];
}

describe('message files', () => {
  it('ru and en have the same keys (array lengths included)', () => {
    expect(keyPaths(en).sort()).toEqual(keyPaths(ru).sort());
  });

  it('have no empty texts', () => {
    for (const text of [...leaves(ru), ...leaves(en)]) expect(text.trim()).not.toBe('');
  });

  it('keep the texts the specification quotes', () => {
    expect(en.Errors.notFound).toBe('This page could not be found');
    expect(ru.Nav.buyCatalog).toBe('Купить каталог');
  });
});
