import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the page preparation (page-bytes.mjs, lazy-boot.mjs, inline-styles.mjs) relies on in the
 * output of `next build`, written down in one place. Next.js is pinned to one version because of
 * it (package.json); after an upgrade, `nextOutputProblems` says in plain words which of these no
 * longer holds, and the build stops on it (scripts/prepare-pages.mjs) instead of serving pages
 * that are prepared wrongly in silence.
 *
 * 1. `prerender-manifest.json` lists the pre-rendered pages as `routes[route]` with
 *    `routeType: 'page'` and `initialRevalidateSeconds: false`, and each one's HTML is at
 *    `server/app/<route>.html` (`index.html` for `/`).
 * 2. `BUILD_ID` holds the build's id (the prepared pages and assets are tied to it).
 * 3. A page's stylesheets are `<link rel="stylesheet" href="…">` tags in that attribute order,
 *    with `href` under `/_next/static/` and the file in `static/` (`STYLESHEET`).
 * 4. A page's scripts are `<script>` elements (`SCRIPT`), its script preloads `<link>` tags with
 *    `rel="preload"` or `"modulepreload"` and `as="script"` (`SCRIPT_PRELOAD`); at least one
 *    script is a file under `/_next/static/`.
 * 5. The HTML has one `</body>`, before which the boot template and the enhancer go.
 * 6. The page's React Server Components payload is in inline scripts that only push a JSON value
 *    onto `self.__next_f`, the first creating it (`PAYLOAD_PUSH`); the boot template keeps them as
 *    data (lazy-boot.mjs), so that the page's policy names no hash for them. A script of another
 *    shape stays a script, hashed: a change here would cost bytes, not a page that fails, and is
 *    named all the same.
 */
export const STYLESHEET = /<link rel="stylesheet" href="([^"]+)"([^>]*?)\/?>/g;
export const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;
/** An inline script of the payload (point 6): its argument, a JSON value, is the first group. */
export const PAYLOAD_PUSH = /^<script>(?:\(self\.__next_f=self\.__next_f\|\|\[\]\)|self\.__next_f)\.push\(([\s\S]*)\)<\/script>$/;
export const SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel="(?:preload|modulepreload)")(?=[^>]*\bas="script")[^>]*>/g;

/** Any stylesheet link, whatever its attributes' order. */
const ANY_STYLESHEET = /<link\b(?=[^>]*\brel="stylesheet")[^>]*>/g;
/** Any script file of Next's static folder. */
const STATIC_SCRIPT = /<script\b[^>]*\bsrc="\/_next\/static\/[^"]+"/;

/**
 * The pre-rendered page routes of a build and their HTML files (the contract's first point).
 * @param {string} distDir
 * @returns {Array<{ route: string; file: string }>}
 */
export function prerenderedPages(distDir) {
  const manifestFile = join(distDir, 'prerender-manifest.json');
  if (!existsSync(manifestFile)) return [];
  /** @type {{ routes?: Record<string, { routeType?: string; initialRevalidateSeconds?: number | false }> }} */
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return Object.entries(manifest.routes ?? {})
    .filter(([route, info]) => info.routeType === 'page' && info.initialRevalidateSeconds === false && !route.startsWith('/_'))
    .map(([route]) => ({ route, file: join(distDir, 'server', 'app', `${route === '/' ? 'index' : route}.html`) }));
}

/**
 * What in one page's HTML breaks the contract (points 3–5).
 * @param {string} html
 * @param {(href: string) => boolean} stylesheetExists
 * @returns {string[]}
 */
function pageProblems(html, stylesheetExists) {
  const problems = [];
  const links = html.match(ANY_STYLESHEET) ?? [];
  const known = [...html.matchAll(STYLESHEET)];
  if (links.length !== known.length) problems.push(`${links.length - known.length} of its ${links.length} stylesheet links are not \`<link rel="stylesheet" href="…">\` in that order, so they would not be inlined`);
  for (const [, href = ''] of known) {
    if (!href.startsWith('/_next/static/') || !stylesheetExists(href)) problems.push(`its stylesheet ${href} is not a file of the build's static folder`);
  }
  if (!STATIC_SCRIPT.test(html)) problems.push('it has no `<script src="/_next/static/…">`: its scripts are not where the boot template expects them');
  if (html.split('</body>').length !== 2) problems.push('it does not have exactly one `</body>`');
  if (!(html.match(SCRIPT) ?? []).some((tag) => PAYLOAD_PUSH.test(tag))) problems.push('none of its inline scripts is `self.__next_f.push(…)`: its payload would be kept as scripts, each hashed in its policy');
  return problems;
}

/**
 * Every way a build's output breaks the contract above, as sentences naming the page; empty when
 * it holds. `expectedRoutes` are routes that must be pre-rendered (the site's own pages).
 * @param {string} distDir
 * @param {string[]} expectedRoutes
 * @returns {string[]}
 */
export function nextOutputProblems(distDir, expectedRoutes) {
  const problems = [];
  if (!existsSync(join(distDir, 'BUILD_ID'))) problems.push('BUILD_ID is missing');
  if (!existsSync(join(distDir, 'prerender-manifest.json'))) return [...problems, 'prerender-manifest.json is missing'];
  const pages = prerenderedPages(distDir);
  const routes = new Set(pages.map(({ route }) => route));
  for (const route of expectedRoutes) {
    if (!routes.has(route)) problems.push(`${route} is not a pre-rendered page in prerender-manifest.json (routeType "page", initialRevalidateSeconds false)`);
  }
  const stylesheetExists = (/** @type {string} */ href) => existsSync(join(distDir, 'static', href.slice('/_next/static/'.length)));
  for (const { route, file } of pages) {
    if (!existsSync(file)) {
      problems.push(`${route}: its HTML is not at ${file.slice(distDir.length + 1)}`);
      continue;
    }
    for (const problem of pageProblems(readFileSync(file, 'utf8'), stylesheetExists)) problems.push(`${route}: ${problem}`);
  }
  return problems;
}
