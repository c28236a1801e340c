// After `npm run geo:update`: says how old the GeoIP country data now is (the `geoip-country`
// package's version ends in its date). /readyz (geoipDataAgeDays) and /metrics
// (epcsu_geoip_data_age_seconds) tell the same of a running server.
import { geoDataDate } from '../src/runtime/observability.mjs';

const date = geoDataDate();
if (!date) {
  console.error('The GeoIP country data (geoip-country) was not found.');
  process.exit(1);
}
console.log(`GeoIP country data of ${date.toISOString().slice(0, 10)}: ${Math.floor((Date.now() - date.getTime()) / 86_400_000)} days old.`);
