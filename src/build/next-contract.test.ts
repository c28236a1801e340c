import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nextOutputProblems } from './next-contract.mjs';

const GOOD_PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" href="/_next/static/chunks/b.js"/></head><body><p>x</p>' +
  '<script src="/_next/static/chunks/b.js" async=""></script><script>self.__next_f.push([1,""])</script></body></html>';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A build folder shaped as Next 16 writes it, with one thing changed by `change`. */
function build(change: { manifest?: object; pages?: Record<string, string | undefined>; buildId?: boolean; css?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'next-contract-'));
  dirs.push(dir);
  if (change.buildId !== false) writeFileSync(join(dir, 'BUILD_ID'), 'b1');
  const page = { routeType: 'page', initialRevalidateSeconds: false };
  writeFileSync(join(dir, 'prerender-manifest.json'), JSON.stringify(change.manifest ?? { routes: { '/ru': page, '/en': page, '/_not-found': page } }));
  mkdirSync(join(dir, 'server', 'app'), { recursive: true });
  for (const [route, html] of Object.entries(change.pages ?? { ru: GOOD_PAGE, en: GOOD_PAGE })) if (html !== undefined) writeFileSync(join(dir, 'server', 'app', `${route}.html`), html);
  mkdirSync(join(dir, 'static', 'chunks'), { recursive: true });
  if (change.css !== false) writeFileSync(join(dir, 'static', 'chunks', 'a.css'), 'p{color:red}');
  return dir;
}

describe("Next's build output as the page preparation relies on it", () => {
  it('finds nothing wrong with the shape Next 16 writes', () => {
    expect(nextOutputProblems(build(), ['/ru', '/en'])).toEqual([]);
  });

  it('names each broken point, page by page', () => {
    expect(nextOutputProblems(build({ buildId: false }), [])).toEqual(['BUILD_ID is missing']);
    expect(nextOutputProblems(build({ manifest: { routes: { '/ru': { routeType: 'page', initialRevalidateSeconds: 60 } } } }), ['/ru'])).toEqual([
      '/ru is not a pre-rendered page in prerender-manifest.json (routeType "page", initialRevalidateSeconds false)',
    ]);
    expect(nextOutputProblems(build({ pages: { ru: GOOD_PAGE, en: undefined } }), ['/ru', '/en'])).toEqual([`/en: its HTML is not at ${join('server', 'app', 'en.html')}`]);
    const reordered = GOOD_PAGE.replace('<link rel="stylesheet" href="/_next/static/chunks/a.css"', '<link href="/_next/static/chunks/a.css" rel="stylesheet"');
    expect(nextOutputProblems(build({ pages: { ru: reordered, en: GOOD_PAGE } }), [])).toEqual([
      '/ru: 1 of its 1 stylesheet links are not `<link rel="stylesheet" href="…">` in that order, so they would not be inlined',
    ]);
    expect(nextOutputProblems(build({ css: false }), [])).toEqual([
      "/ru: its stylesheet /_next/static/chunks/a.css is not a file of the build's static folder",
      "/en: its stylesheet /_next/static/chunks/a.css is not a file of the build's static folder",
    ]);
    const noScripts = GOOD_PAGE.replace(/<script src="[^"]+" async=""><\/script>/, '');
    expect(nextOutputProblems(build({ pages: { ru: noScripts, en: GOOD_PAGE } }), [])).toEqual([
      '/ru: it has no `<script src="/_next/static/…">`: its scripts are not where the boot template expects them',
    ]);
    expect(nextOutputProblems(build({ pages: { ru: GOOD_PAGE.replace('</body>', ''), en: GOOD_PAGE } }), [])).toEqual(['/ru: it does not have exactly one `</body>`']);
    expect(nextOutputProblems(build({ pages: { ru: GOOD_PAGE.replace('self.__next_f.push', 'self.__next_g.push'), en: GOOD_PAGE } }), [])).toEqual([
      '/ru: none of its inline scripts is `self.__next_f.push(…)`: its payload would be kept as scripts, each hashed in its policy',
    ]);
  });
});
