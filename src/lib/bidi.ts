/**
 * Unicode's explicit direction controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). In a visitor's text they serve only to
 * disguise it (`‮moc.elpmaxe@…` shown reversed, a file name whose extension reads backwards), so
 * the desk and its CSV export drop them; the text's own letters keep their natural direction.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/** The same for every string in a row as the desk renders it (plain objects and arrays walked; dates and the like kept). */
export function withoutBidiControlsDeep<T>(value: T): T {
  if (typeof value === 'string') return withoutBidiControls(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutBidiControlsDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutBidiControlsDeep(item)])) as T;
  }
  return value;
}
