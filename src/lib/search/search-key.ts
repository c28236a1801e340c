/*
 * The make search's comparison, without the aliases (src/lib/search/make-search.ts adds them to a
 * list's entries): small enough for a page's filter to carry.
 */
/** Russian letters in Latin, as a Russian reader would spell the sound (then reduced by `searchKey`). */
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Ukrainian and Belarusian letters a name may carry
  і: 'i', ї: 'yi', є: 'ye', ў: 'u', ґ: 'g',
};

/**
 * Spellings that sound alike made one, in this order: «мерседес» and `mercedes` both become
 * `mersedes`, «шкода» and `Škoda` `skoda`, «бмв» and `BMW` `bmv`, «тойота» and `Toyota` `toiota`.
 */
const SOUNDS: ReadonlyArray<[RegExp, string]> = [
  [/sch|sh|ch|tsch/g, 's'],
  [/zh/g, 'z'],
  [/kh/g, 'h'],
  [/ts|tz/g, 's'],
  [/ph/g, 'f'],
  [/ck|q/g, 'k'],
  [/c(?=[eiy])/g, 's'],
  [/c/g, 'k'],
  [/x/g, 'ks'],
  [/w/g, 'v'],
  [/[yj]/g, 'i'],
  [/([aeiou])\1+/g, '$1'],
];

/**
 * What a name or a query is compared as: lower case, no accents, Cyrillic written in Latin, like
 * sounds made one, nothing but letters and digits. Both alphabets and the usual spellings of a
 * make then meet: `searchKey('Тойота') === searchKey('Toyota')`.
 */
export function searchKey(text: string): string {
  const latin = Array.from(text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(), (char) => CYRILLIC[char] ?? char).join('');
  return SOUNDS.reduce((key, [pattern, sound]) => key.replace(pattern, sound), latin).replace(/[^a-z0-9]/g, '');
}

/** Whether an entry with these keys (`searchKeysOf`) is what the query asks for; an empty query asks for all. */
export function matchesQuery(keys: readonly string[], query: string): boolean {
  const wanted = searchKey(query);
  return !wanted || keys.some((key) => key.includes(wanted));
}
