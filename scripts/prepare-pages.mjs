// After `next build`: prepare the pre-rendered pages as the edge serves them (scripts deferred,
// stylesheets inlined, script hashes, brotli 11 and gzip 9 made once), below the build folder.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePreparedPages } from '../src/edge/page-bytes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const distDir = join(root, process.env.NEXT_DIST_DIR || '.next');
const count = await writePreparedPages(distDir);
console.log(`Prepared ${count} pages for the edge in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
