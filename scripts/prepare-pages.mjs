// After `next build`: prepare the pre-rendered pages as the edge serves them (scripts and dialogs
// moved to each page's remainder, the stylesheet's rules it uses inlined, script hashes, brotli 11
// and gzip 9 made once), and the static assets compressed once, below the build folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePreparedAssets } from '../src/build/asset-bytes.mjs';
import { nextOutputProblems } from '../src/build/next-contract.mjs';
import { writePreparedPages } from '../src/build/page-bytes.mjs';
import { settingsOrExit } from '../src/settings/settings.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const distDir = join(root, process.env.NEXT_DIST_DIR || '.next');
// The shape of Next's output the preparation relies on (src/build/next-contract.mjs): after a
// Next.js upgrade that changed it, the build stops here and says what changed.
const problems = nextOutputProblems(distDir, ['/ru', '/en']);
if (problems.length) {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules/next/package.json'), 'utf8'));
  console.error(`Next.js ${version}'s build output no longer has the shape the page preparation relies on (src/build/next-contract.mjs):\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  process.exit(1);
}
// The pages first: their remainders are static assets (docs/decisions/053).
const pages = await writePreparedPages(distDir, { metricaId: Number(settingsOrExit(process.env).NEXT_PUBLIC_YM_ID) || 0 });
const assets = await writePreparedAssets(distDir);
console.log(`Prepared ${pages} pages and ${assets} static assets for the edge in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
