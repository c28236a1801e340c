// `npm run build`: the production build, everything a production start needs (the Next.js build,
// the pages and assets as the edge serves them, and the stamp `npm start` checks it by). Warns
// when the GeoIP data is older than its licence allows (the build still succeeds).
import { geoDataWarning } from '../src/runtime/observability.mjs';
import { build } from './lib/build.mjs';

const geoWarning = geoDataWarning();
if (geoWarning) console.warn(`Warning: ${geoWarning}`);
build();
if (geoWarning) console.warn(`Warning (again, after the build): ${geoWarning}`);
