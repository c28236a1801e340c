import { addPhoneFormats, hasPhoneFormats, type PhoneFormat } from '@/lib/phone/phone-grouping';

/** How long the field waits for a country's grouping before it groups by its own template. */
const PATIENCE_MS = 5000;

const asked = new Map<string, Promise<void>>();

/**
 * Fetches libphonenumber-js's formats of `country` (`GET /api/phone/formats/{country}`, a few
 * hundred bytes, cached by the browser) once a page, for `formatPhone` to group its numbers as the
 * library does (docs/decisions/019). Settles when they are there or could not come (then the
 * country's template groups them, and a later call asks again).
 */
export function loadPhoneFormats(country: string): Promise<void> {
  if (hasPhoneFormats(country)) return Promise.resolve();
  let loading = asked.get(country);
  if (!loading) {
    loading = fetch(`/api/phone/formats/${encodeURIComponent(country)}`, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(PATIENCE_MS) })
      .then((response) => (response.ok ? (response.json() as Promise<{ result?: PhoneFormat[] }>) : undefined))
      .then((answer) => {
        if (Array.isArray(answer?.result)) addPhoneFormats(country, answer.result);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!hasPhoneFormats(country)) asked.delete(country);
      });
    asked.set(country, loading);
  }
  return loading;
}
