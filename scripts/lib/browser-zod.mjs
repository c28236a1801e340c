import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

/**
 * zod/mini for the browser, cut to what our schemas use (docs/decisions/016).
 *
 * Turbopack keeps all of zod's core in the page (its schema constructors run at module load, so
 * it cannot tell what is unused); esbuild follows zod's pure annotations and drops the rest. The
 * schemas stay one per form, shared by the client and the server: only the browser's copy of the
 * library is smaller. next.config.ts aliases `zod/mini` to this file for the browser bundle.
 */

const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORTS_ZOD_MINI = /from ['"]zod\/mini['"]/;
const MEMBER = /\bz\.([A-Za-z_$][\w$]*)/g;
const NAMED = /import\s+\{([^}]*)\}\s+from\s+['"]zod\/mini['"]/g;
/** Server-only code never reaches the browser (and names z.core in its types). */
const SERVER_ONLY = new Set(['server', 'settings']);

/** @param {string} dir @returns {Generator<string>} */
function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SERVER_ONLY.has(entry.name)) yield* sourceFiles(path);
    }
    else if (SOURCE.test(entry.name) && !entry.name.includes('.test.')) yield path;
  }
}

/** The names of zod/mini's runtime exports that the files under `srcDir` use, sorted. @param {string} srcDir */
export function usedZodNames(srcDir) {
  const runtime = new Set(Object.keys(createRequire(import.meta.url)('zod/mini')));
  const names = new Set();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    if (!IMPORTS_ZOD_MINI.test(text)) continue;
    for (const [, name] of text.matchAll(MEMBER)) names.add(name);
    // (The group always matches, and a split has a first part: the `?? ''` are for the type checker.)
    for (const [, list = ''] of text.matchAll(NAMED))
      for (const part of list.split(',')) if (!/^\s*type\s/.test(part)) names.add((part.split(/\s+as\s+/)[0] ?? '').trim());
  }
  return [...names].filter((name) => runtime.has(name)).sort();
}

/**
 * Writes the cut library below node_modules/.cache (named by its content, so that checkouts that
 * share node_modules do not overwrite each other's) and returns its path relative to `projectDir`.
 * @param {string} projectDir
 */
export function buildBrowserZod(projectDir) {
  const names = usedZodNames(join(projectDir, 'src'));
  // esbuild is a development dependency: loaded only when bundling, never by the production
  // server, which reads next.config.ts (and so this file) at its start with `dependencies` only.
  /** @type {typeof import('esbuild')} */
  const { buildSync } = createRequire(import.meta.url)('esbuild');
  const { outputFiles } = buildSync({
    stdin: { contents: `export { ${names.join(', ')} } from 'zod/mini';`, resolveDir: projectDir, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
  });
  const code = outputFiles[0]?.contents;
  if (!code) throw new Error('esbuild wrote no zod/mini bundle');
  const dir = join(projectDir, 'node_modules', '.cache', 'browser-zod');
  const file = join(dir, `zod-mini.${createHash('sha256').update(code).digest('hex').slice(0, 12)}.mjs`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, code);
  return `./${relative(projectDir, file)}`;
}
