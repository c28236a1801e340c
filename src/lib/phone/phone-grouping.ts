/**
 * How libphonenumber-js groups the digits of a number written internationally, from its formats
 * for the number's country (fetched by the phone field from `GET /api/phone/formats/{country}`
 * when a number of that country is typed; docs/decisions/019): a whole number as the library's
 * `formatInternational` groups it, a number being typed by the format its first digits lead to, as
 * its `AsYouType` does. Without a country's formats, `formatPhone` falls back to the template of
 * the generated table.
 */

/** One format: the pattern of a whole national number, the international format ("$1 $2"), the leading-digits patterns. */
export type PhoneFormat = [pattern: string, format: string, leading: string[]];

const known = new Map<string, PhoneFormat[]>();

export function addPhoneFormats(country: string, formats: PhoneFormat[]): void {
  known.set(country, formats);
}

/** Under the tests: no country's formats loaded, as on a page that has fetched none yet. */
export function forgetPhoneFormatsForTests(): void {
  known.clear();
}

export function hasPhoneFormats(country: string | undefined): boolean {
  return country !== undefined && known.has(country);
}

/** The library's punctuation between groups (dashes, brackets, dots…) shown as one space. */
const spaced = (text: string) => text.replace(/\D+/g, ' ').trim();

const leadsWith = (national: string, pattern: string | undefined) => !pattern || new RegExp(`^(?:${pattern})`).test(national);

/** The sizes of a format's groups (`(\d{3})(\d{2,4})` → [3, 4], each at its longest); undefined for any other pattern. */
function groupSizes(pattern: string): number[] | undefined {
  const sizes: number[] = [];
  const rest = pattern.replace(/\(\\d(?:\{(\d+)(?:,(\d+))?\})?\)/g, (_, least?: string, most?: string) => {
    sizes.push(Number(most ?? least ?? 1));
    return '';
  });
  return rest || !sizes.length ? undefined : sizes;
}

/** The national digits of `country`'s number grouped as libphonenumber-js does; undefined without its formats. */
export function groupNational(country: string | undefined, national: string): string | undefined {
  const formats = country === undefined ? undefined : known.get(country);
  if (!formats) return undefined;
  // A whole number: the first format whose most detailed leading digits and whole pattern match.
  for (const [pattern, format, leading] of formats) {
    const whole = new RegExp(`^(?:${pattern})$`);
    if (leadsWith(national, leading.at(-1)) && whole.test(national)) return spaced(national.replace(whole, format));
  }
  // Being typed: too few digits to choose a format; then the first whose leading digits (more
  // detailed as more are typed) match, its groups filled at their longest.
  if (national.length < 3) return national;
  for (const [pattern, , leading] of formats) {
    const sizes = groupSizes(pattern);
    if (!sizes || !leadsWith(national, leading[Math.min(national.length - 3, leading.length - 1)])) continue;
    if (national.length > sizes.reduce((sum, size) => sum + size, 0)) continue;
    const groups: string[] = [];
    let from = 0;
    for (const size of sizes) {
      if (from >= national.length) break;
      groups.push(national.slice(from, (from += size)));
    }
    return groups.join(' ');
  }
  return national;
}
