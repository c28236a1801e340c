// `npm run pictures`: draws the product's pictures (src/pictures/draw.mjs) in every language, from
// the `Pictures` messages and what the tools answer for what they show (src/pictures/picture-labels.ts),
// into src/pictures/<name>.<locale>.svg. Run it after changing a drawing, its labels or a tool's
// answer; tests/pictures.test.tsx fails while the written files differ from the drawings.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawnFiles } from '../src/pictures/draw.mjs';
import { pictureLabels } from '../src/pictures/picture-labels';
import { LOCALES } from '../src/site/locales.mjs';
import { root } from './lib/build.mjs';

const labels = Object.fromEntries(LOCALES.map((locale) => [locale, pictureLabels(locale, JSON.parse(readFileSync(join(root, 'messages', `${locale}.json`), 'utf8')))]));
for (const [file, text] of drawnFiles(labels)) {
  writeFileSync(join(root, 'src/pictures', file), text);
  console.log(`src/pictures/${file}: ${text.length} bytes`);
}
