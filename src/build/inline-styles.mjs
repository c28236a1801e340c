import { STYLESHEET } from './next-contract.mjs';

/**
 * The page's stylesheets written into it (`<style>`), so the first paint waits for no second
 * request: on a phone's 150 ms round trip that is the difference between a 1.0 s and a 1.2 s
 * LCP; critical-css.mjs then keeps only the rules the page's own elements use. The `<link>`
 * stays, disabled (not fetched), because React finds its stylesheets by their links when the
 * page's scripts start and would otherwise insert and fetch them again; the enhancer enables it
 * when the page has loaded (src/enhancer/page-rest.mjs), and a page without scripts has it from
 * `<noscript>` (docs/decisions/053).
 * @param {string} html
 * @param {(href: string) => string | undefined} readStylesheet the CSS of a link's href, if known
 */
export function inlineStylesheets(html, readStylesheet) {
  return html.replace(STYLESHEET, (tag, href, rest) => {
    const css = readStylesheet(href);
    if (css === undefined) return tag;
    return `<style>${css.replaceAll('</', '<\\/')}</style><link rel="stylesheet" href="${href}"${rest} disabled=""/><noscript><link rel="stylesheet" href="${href}"/></noscript>`;
  });
}
