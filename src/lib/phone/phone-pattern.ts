/**
 * The `pattern` of a phone input the browser checks by itself (the product pages' order form,
 * which works without scripts): digits, `+`, spaces, brackets, dots and hyphens, 6 to 40 of them.
 * Browsers compile `pattern` with the `v` flag, under which `(`, `)` and `-` in a class must be
 * escaped: unescaped, the pattern is invalid, every page logs an error and no check runs.
 */
export const PHONE_PATTERN = '[+0-9 \\(\\)\\.\\-]{6,40}';
