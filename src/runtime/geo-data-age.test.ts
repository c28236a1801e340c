import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { geoDataAge, geoDataWarning } from './observability.mjs';

const day = 86_400_000;
const released = new Date(Date.UTC(2026, 8, 26, 1, 56));

describe('the GeoLite2 data and its licence', () => {
  it('is stale past 30 days, and the build and geo:age then warn', () => {
    const fresh = geoDataAge(released, released.getTime() + 30 * day + 3_600_000);
    expect(fresh).toEqual({ dataDate: '2026-09-26', ageDays: 30, stale: false });
    expect(geoDataWarning(fresh)).toBeUndefined();
    const old = geoDataAge(released, released.getTime() + 62 * day);
    expect(old).toEqual({ dataDate: '2026-09-26', ageDays: 62, stale: true });
    expect(geoDataWarning(old)).toMatch(/62 days old.*30 days.*npm run geo:update/);
    expect(geoDataAge(undefined)).toEqual({ dataDate: null, ageDays: null, stale: true });
  });

  it('is credited in the footer of both languages, with the link MaxMind asks for', () => {
    for (const messages of [en, ru]) {
      expect(messages.Footer.geoAttribution).toMatch(/GeoLite2/);
      expect(messages.Footer.geoAttribution).toMatch(/MaxMind/);
      expect(messages.Footer.geoAttribution).toContain('<link>https://www.maxmind.com</link>');
    }
    expect(en.Footer.geoAttribution).toBe('This product includes GeoLite2 data created by MaxMind, available from <link>https://www.maxmind.com</link>.');
  });
});
