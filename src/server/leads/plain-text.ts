/** Bidirectional controls (LRM, RLM, ALM, embeddings, overrides, isolates): a name must not reorder the text around it. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text safe to put into a message: well-formed UTF-16 (a lone surrogate becomes U+FFFD, which
 * the database and every channel accept) and without bidirectional controls.
 */
export function plainText(text: string): string {
  return text.toWellFormed().replace(BIDI_CONTROLS, '');
}

/**
 * At most `max` code points of `text`, with an ellipsis when cut: never splits a surrogate pair
 * (an emoji cut in half is text the database refuses).
 */
export function clip(text: string, max: number): string {
  const points = Array.from(text);
  return points.length > max ? `${points.slice(0, max).join('')}…` : text;
}
