// `npm run licences`: writes THIRD-PARTY-NOTICES.md from the production tree's licences and lists
// any refused one (GPL, AGPL, none); tests/licences.test.ts checks the same.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/build.mjs';
import { isRefused, licenceOf, noticesText } from './lib/licences.mjs';
import { productionPackages } from './lib/production-tree.mjs';

const packages = [...productionPackages(root).values()];
writeFileSync(join(root, 'THIRD-PARTY-NOTICES.md'), noticesText(packages));
const refused = packages.filter((pkg) => isRefused(licenceOf(pkg)));
console.log(`${packages.length} production packages; THIRD-PARTY-NOTICES.md written.`);
for (const pkg of refused) console.error(`Refused licence: ${pkg.name}@${pkg.version} (${licenceOf(pkg)})`);
if (refused.length) process.exit(1);
