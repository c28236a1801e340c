// The machine's floor, as two pages served from loopback by a server that does nothing else: `/`
// holds nothing but a heading (the floor of a Lighthouse row), `/dialog` a button that opens one
// trivial <dialog> (the floor of a first tap; benchmarks/lib/first-tap.mjs). `npm run bench` measures
// them in turns with the site's pages and judges the pages by the difference
// (benchmarks/lib/floor-figures.mjs).
import http from 'node:http';
import { portOf } from '../../tests/support/free-port.mjs';

/** @param {string} body @param {string} [script] */
const page = (body, script = '') =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Floor</title><meta name="description" content="An empty page: the floor of the measurement."></head><body><main>${body}</main>${script}</body></html>`;

const PAGES = new Map([
  ['/', page('<h1>Floor</h1>')],
  [
    '/dialog',
    page(
      '<h1>Floor</h1><button type="button" data-dialog="floor">Open</button><dialog><form method="dialog"><label>Name <input name="name" autofocus></label></form></dialog>',
      '<script>document.querySelector("button").addEventListener("click",()=>document.querySelector("dialog").showModal())</script>',
    ),
  ],
]);
/** robots.txt, so that the floor's SEO is not marked down for a missing one. */
const ROBOTS = 'User-agent: *\nAllow: /\n';

/** Starts the floor's server on a free loopback port: its `url` (no trailing slash) and `stop`. */
export async function startFloor() {
  const server = http.createServer((request, response) => {
    const html = PAGES.get(request.url ?? '');
    if (html) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (request.url === '/robots.txt') response.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS);
    else response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  return { url: `http://127.0.0.1:${portOf(server)}`, stop: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}
