// `npm run build`: the production build, everything a production start needs (the Next.js build,
// the pages and assets as the edge serves them, and the stamp `npm start` checks it by).
import { build } from './lib/build.mjs';

build();
