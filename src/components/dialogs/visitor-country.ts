import { isCountry } from '@/lib/phone/phone-format';

/** How long a form waits for the visitor's country before it reads a number without one. */
const PATIENCE_MS = 5000;

let visitorCountry: Promise<string | undefined> | undefined;

/**
 * The visitor's country by GeoIP (`GET /api/geo`), asked once a page and shared by the forms
 * (the phone field reads a national number in it; the feedback dialog preselects it). Undefined
 * when the server does not know it, does not answer in time, or fails.
 */
export function askVisitorCountry(): Promise<string | undefined> {
  visitorCountry ??= fetch('/api/geo', { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(PATIENCE_MS) })
    .then((response) => (response.ok ? (response.json() as Promise<{ result?: { country?: string | null } }>) : undefined))
    .then((answer) => answer?.result?.country ?? undefined)
    .then((country) => (isCountry(country) ? country : undefined))
    .catch(() => undefined);
  return visitorCountry;
}
