// After `npm run geo:update`: says how old the GeoIP country data now is (the `geoip-country`
// package's version ends in its date), and warns past the GeoLite2 licence's 30 days. /readyz
// (`geoip`) and /metrics (epcsu_geoip_data_age_seconds) tell the same of a running server.
import { geoDataAge, geoDataDate, geoDataWarning } from '../src/runtime/observability.mjs';

const age = geoDataAge(geoDataDate());
if (age.ageDays === null) {
  console.error('The GeoIP country data (geoip-country) was not found.');
  process.exit(1);
}
console.log(`GeoIP country data of ${age.dataDate}: ${age.ageDays} days old.`);
const warning = geoDataWarning(age);
if (warning) console.warn(`Warning: ${warning}`);
