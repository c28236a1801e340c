import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRefused, licenceOf, noticesText } from '../scripts/lib/licences.mjs';
import { BUILD_ONLY, productionPackages } from '../scripts/lib/production-tree.mjs';

const root = join(__dirname, '..');
const packages = [...productionPackages(root).values()];

describe('the production tree and its licences', () => {
  it('has no GPL or AGPL package, nor one without a licence', () => {
    expect(packages.length).toBeGreaterThan(100);
    const refused = packages.filter((pkg) => isRefused(licenceOf(pkg))).map((pkg) => `${pkg.name}@${pkg.version} (${pkg.license})`);
    expect(refused).toEqual([]);
  });

  it('refuses GPL and AGPL but not LGPL, and takes the allowed side of a choice', () => {
    for (const licence of ['GPL-3.0', 'GPL-2.0-or-later', 'AGPL-3.0-only', '(GPL-2.0 OR AGPL-3.0)', 'UNKNOWN']) expect(isRefused(licence), licence).toBe(true);
    for (const licence of ['MIT', 'LGPL-3.0-or-later', 'Apache-2.0 AND LGPL-3.0-or-later', '(MIT OR GPL-3.0)', 'MPL-2.0', 'CC-BY-4.0']) expect(isRefused(licence), licence).toBe(false);
  });

  it("leaves out the build-only tools (next-intl's extractor, sharp with its LGPL libvips), which are installed", () => {
    const names = packages.map((pkg) => pkg.name);
    for (const name of ['@swc/core', '@parcel/watcher', 'sharp', '@img/sharp-libvips-linux-x64']) {
      expect(names, name).not.toContain(name);
      expect(BUILD_ONLY.some((pattern) => pattern.test(name)), name).toBe(true);
    }
    expect(existsSync(join(root, 'node_modules/sharp/package.json'))).toBe(true);
    // What the start loads stays: Next's own compiler binding and helpers, next-intl.
    for (const name of ['next', 'next-intl', '@swc/helpers', 'react-dom']) expect(names, name).toContain(name);
  });

  it('lists every package whose licence asks for a notice in THIRD-PARTY-NOTICES.md (npm run licences)', () => {
    expect(readFileSync(join(root, 'THIRD-PARTY-NOTICES.md'), 'utf8')).toBe(noticesText(packages));
    expect(noticesText(packages)).toMatch(/caniuse-lite.*CC-BY-4\.0/);
  });
});
