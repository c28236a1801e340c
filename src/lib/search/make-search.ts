import { makeAliases } from '@/content/make-aliases';
import { searchKey } from './search-key';

export { matchesQuery, searchKey } from './search-key';

const ALIASES: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(makeAliases).map(([make, aliases]) => [searchKey(make), aliases]));

/**
 * The keys a list entry is found by: each of its names, each make a name lists
 * (`VAG (Volkswagen, Audi, Škoda, SEAT)`, `BMW / MINI`), and their aliases (src/content/make-aliases.ts).
 */
export function searchKeysOf(names: ReadonlyArray<string | undefined>): string[] {
  const keys = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    for (const part of [name, ...name.split(/[(),/]/)]) {
      const key = searchKey(part);
      if (!key) continue;
      keys.add(key);
      for (const alias of ALIASES.get(key) ?? []) keys.add(searchKey(alias));
    }
  }
  return [...keys];
}
