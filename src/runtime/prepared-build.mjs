import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The build's id, or undefined when `distDir` holds no build. @param {string} distDir */
export function buildIdOf(distDir) {
  const file = join(distDir, 'BUILD_ID');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * The manifest of what was prepared from a build below `<distDir>/<name>`, made first (by `write`)
 * when there is none or it belongs to another build or format (a build made with `next build`
 * alone). Undefined when there is no build.
 * @param {string} distDir
 * @param {string} name
 * @param {number} format
 * @param {(distDir: string) => Promise<unknown>} write
 * @returns {Promise<any>}
 */
export async function preparedManifest(distDir, name, format, write) {
  const buildId = buildIdOf(distDir);
  if (!buildId) return undefined;
  const file = join(distDir, name, 'manifest.json');
  const current = () => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
  let manifest = current();
  if (!manifest || manifest.format !== format || manifest.buildId !== buildId) {
    await write(distDir);
    manifest = current();
  }
  return manifest;
}
