// The licences of the production tree (scripts/lib/production-tree.mjs): which are refused, which
// need a notice shipped with the site (THIRD-PARTY-NOTICES.md, written by `npm run licences`).
/** @import { ProductionPackage } from './production-tree.mjs' */

/** Licences that ask for a notice (attribution, the licence's text, where to get the source). */
const NEEDS_NOTICE = /\b(LGPL|MPL|EPL|CDDL|CC-BY|OFL)\b|SEE LICENSE|MaxMind/i;

/**
 * Packages whose manifest does not name their licence: what their own LICENSE file says (read
 * when the package was added; the licence test fails when a new one appears).
 */
/** @type {Record<string, string>} */
const DECLARED = { 'png-js': 'MIT' };

/**
 * A package's licence, its manifest's or (when that says nothing) the one its LICENSE file gives.
 * @param {Pick<ProductionPackage, 'name' | 'license'>} pkg
 */
export const licenceOf = (pkg) => (pkg.license === 'UNKNOWN' ? (DECLARED[pkg.name] ?? 'UNKNOWN') : pkg.license);

/**
 * Whether the licence is refused: GPL or AGPL, or none named (LGPL is allowed, with a notice); of
 * a choice (`MIT OR GPL-3.0`) the site takes an allowed one.
 * @param {string} licence
 */
export function isRefused(licence) {
  if (licence === 'UNKNOWN') return true;
  const choices = licence.replace(/[()]/g, '').split(/\s+OR\s+/i);
  return choices.every((choice) => /\bA?GPL\b/i.test(choice.replace(/\bLGPL\b/gi, '')));
}

/** @param {string} licence */
const needsNotice = (licence) => NEEDS_NOTICE.test(licence);

/** THIRD-PARTY-NOTICES.md's text for these packages (sorted by name, one line each). @param {ProductionPackage[]} packages */
export function noticesText(packages) {
  const lines = [...new Map(packages.filter((pkg) => needsNotice(licenceOf(pkg))).map((pkg) => [pkg.name, pkg])).values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((pkg) => `- \`${pkg.name}\` — ${licenceOf(pkg)}: see \`${pkg.dir}/\` (its LICENSE and README) in the runtime tree.`);
  return [
    '# Third-party notices',
    '',
    'The production tree of the site (`scripts/runtime-tree.mjs`) includes these packages, whose',
    'licences ask for a notice. Each package ships its licence text in its folder. Written by',
    '`npm run licences`; `tests/licences.test.ts` fails when it is out of date and when a package',
    'under GPL or AGPL (or with no licence) enters the tree.',
    '',
    ...lines,
    '',
    'GeoLite2 data (in `geoip-country`): This product includes GeoLite2 data created by MaxMind,',
    'available from https://www.maxmind.com (the site\'s footer says so too).',
    '',
  ].join('\n');
}
