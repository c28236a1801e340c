/**
 * Characters that look like Latin letters or digits but are not: a VIN typed in a Russian
 * keyboard layout, pasted from a scanned document or from a full-width East Asian input. They are
 * reported with the Latin character they resemble and never replaced silently: a car's identity
 * must not depend on a guess.
 */
const CYRILLIC: Readonly<Record<string, string>> = {
  А: 'A', В: 'B', Е: 'E', З: '3', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X',
  Ѕ: 'S', І: 'I', Ј: 'J',
};

const GREEK: Readonly<Record<string, string>> = {
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};

const FULL_WIDTH_OFFSET = 0xfee0;

export type Lookalike = { script: 'cyrillic' | 'greek' | 'fullWidth'; latin: string };

/** The Latin letter or digit a foreign character imitates, if it imitates one. */
export function lookalikeOf(char: string): Lookalike | undefined {
  const upper = char.toUpperCase();
  const cyrillic = CYRILLIC[upper];
  if (cyrillic) return { script: 'cyrillic', latin: cyrillic };
  const greek = GREEK[upper];
  if (greek) return { script: 'greek', latin: greek };
  const code = char.codePointAt(0) ?? 0;
  const isFullWidthAlnum = (code >= 0xff10 && code <= 0xff19) || (code >= 0xff21 && code <= 0xff3a) || (code >= 0xff41 && code <= 0xff5a);
  if (isFullWidthAlnum) return { script: 'fullWidth', latin: String.fromCharCode(code - FULL_WIDTH_OFFSET).toUpperCase() };
  return undefined;
}

/** `U+0410`: how a character is named when it cannot be told apart by eye. */
export function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
