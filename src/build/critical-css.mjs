import { createRequire } from 'node:module';

/** The page's one inline stylesheet, as inline-styles.mjs writes it. */
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/;
/** A custom property's use: `var(--name` (its fallback, if any, is read as a use of its own). */
const VAR_USE = /var\(\s*(--[\w-]+)/g;
/** A pseudo-class or pseudo-element without arguments (`:hover`, `::before`, `:last-child`). */
const PLAIN_PSEUDO = /(?<!\\)::?([a-zA-Z-]+)(?![\w(-])/g;
const DATE_INPUT = 'input:is([type=date i],[type=time i],[type=datetime-local i],[type=month i],[type=week i])';
/**
 * The pseudo-elements only some elements have, read as those elements: a page without a date field
 * has no use for the rules of its parts. Any other pseudo-element is read as its element (`applies`).
 */
const OWNERS = new Map([
  ['-webkit-date-and-time-value', DATE_INPUT],
  ['-webkit-calendar-picker-indicator', `:is(${DATE_INPUT},input[list])`],
  ['-webkit-inner-spin-button', `:is(${DATE_INPUT},input[type=number i])`],
  ['-webkit-outer-spin-button', `:is(${DATE_INPUT},input[type=number i])`],
  ['-webkit-search-decoration', 'input[type=search i]'],
  ['file-selector-button', 'input[type=file i]'],
  ['placeholder', ':is(input,textarea)[placeholder]'],
  ['-webkit-details-marker', 'summary'],
  ['details-content', 'details'],
]);
/** The elements a pseudo-element belongs to, if only some have it (a date field's parts are many). @param {string} name */
const ownerOf = (name) => OWNERS.get(name) ?? (name.startsWith('-webkit-datetime-edit') ? DATE_INPUT : undefined);
/** A pseudo-element with a name (its arguments, if any, are not read). */
const PSEUDO_ELEMENT = /(?<!\\)::([a-zA-Z-]+)/g;
/** The plain pseudo-classes that say where an element is, not what state it is in: read as written. */
const STRUCTURAL = new Set(['first-child', 'last-child', 'only-child', 'first-of-type', 'last-of-type', 'only-of-type', 'empty', 'root']);
/** What taking them out can leave: a combinator or an argument list with nothing after it. */
const DANGLING = /([>+~(,])\s*(?=$|[>+~),])/g;
const EMPTY_NOT = /:not\(\s*\*?\s*\)/g;
/** Selectors every page's root carries, whatever css-select makes of them. */
const ALWAYS = new Set([':root', ':host', 'html', 'body', '*']);

/**
 * The libraries this reads the page and the stylesheet with: development dependencies, loaded at
 * build only, like esbuild in lazy-boot.mjs.
 */
function libraries() {
  const require = createRequire(import.meta.url);
  try {
    return {
      /** @type {typeof import('postcss').default} */
      postcss: require('postcss'),
      /** @type {typeof import('css-select')} */
      cssSelect: require('css-select'),
      /** @type {typeof import('htmlparser2')} */
      htmlparser2: require('htmlparser2'),
    };
  } catch (error) {
    throw new Error('The pages are prepared with postcss, css-select and htmlparser2, development dependencies: run `npm run build` where they are installed.', { cause: error });
  }
}

/**
 * Whether `selector` can apply to an element of `document`. A state the page is not in when it is
 * served (`:hover`, `:focus-visible`, `:checked`) counts as any state, a pseudo-element only some
 * elements have (`::placeholder`, a date field's parts) as those elements (`OWNERS`), and any
 * other pseudo-element (`::before`) as its element: the selector is tried without them, which can
 * only widen it. A selector css-select cannot read is kept.
 * @param {string} selector
 * @param {ReturnType<ReturnType<typeof libraries>['htmlparser2']['parseDocument']>} document
 * @param {ReturnType<typeof libraries>['cssSelect']} cssSelect
 */
function applies(selector, document, cssSelect) {
  if (ALWAYS.has(selector.trim())) return true;
  const widened = selector
    .replace(PSEUDO_ELEMENT, (pseudo, name) => {
      const owner = ownerOf(name);
      return owner ? `:is(${owner})` : pseudo;
    })
    .replace(PLAIN_PSEUDO, (pseudo, name) => (pseudo.startsWith('::') || !STRUCTURAL.has(name) ? '' : pseudo)).replace(EMPTY_NOT, '').replace(DANGLING, '$1*').trim() || '*';
  try {
    return cssSelect.selectOne(widened, document) !== null;
  } catch {
    return true;
  }
}

/**
 * Custom properties no kept rule reads, taken out (Tailwind declares every theme colour and each
 * utility's `--tw-*` in `:root`, `@property` and a fallback layer, whether the page uses it or not):
 * a property stays if a declaration that is not itself a custom property reads it, or a kept
 * property does. Then the keyframes no kept animation names.
 * @param {import('postcss').Root} root
 */
function pruneUnread(root) {
  /** @type {Map<string, string[]>} */
  const definitions = new Map();
  /** @type {string[]} */
  const wanted = [];
  root.walkDecls((declaration) => {
    const uses = [...declaration.value.matchAll(VAR_USE)].map(([, name = '']) => name);
    if (declaration.prop.startsWith('--')) definitions.set(declaration.prop, [...(definitions.get(declaration.prop) ?? []), ...uses]);
    else wanted.push(...uses);
  });
  const used = new Set();
  for (let name = wanted.pop(); name !== undefined; name = wanted.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    wanted.push(...(definitions.get(name) ?? []));
  }
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--') && !used.has(declaration.prop)) declaration.remove();
  });
  root.walkAtRules('property', (rule) => {
    if (!used.has(rule.params.trim())) rule.remove();
  });
  // The keyframes a kept value names (an animation, or a property an animation reads).
  const names = new Set();
  root.walkDecls((declaration) => {
    for (const word of declaration.value.split(/[\s,()]+/)) names.add(word);
  });
  root.walkAtRules(/keyframes$/, (rule) => {
    if (!names.has(rule.params.trim())) rule.remove();
  });
}

/** Rules and then at-rules left empty. @param {import('postcss').Root} root */
function dropEmpty(root) {
  root.walkRules((rule) => {
    if (!rule.nodes.length) rule.remove();
  });
  root.walkAtRules((rule) => {
    if (rule.nodes && !rule.nodes.length) rule.remove();
  });
}

/**
 * The page's inline stylesheet cut down to what its own elements use (docs/decisions/053): the
 * rules with a selector that can apply to an element of the document as it is served (the
 * dialogs' content and the scripts are in its remainder by then), with the custom properties and
 * keyframes those rules read. The whole stylesheet stays a `<link>` the enhancer enables when the
 * page has loaded, and a page without scripts loads it from `<noscript>` (inline-styles.mjs). The
 * page itself is left as it was written: only the stylesheet's text is replaced.
 * @param {string} html a page with one `<style>`, the whole stylesheet inlined
 */
export function criticalStyles(html) {
  const whole = INLINE_STYLE.exec(html);
  if (!whole) return html;
  const { postcss, cssSelect, htmlparser2 } = libraries();
  const document = htmlparser2.parseDocument(html);
  const root = postcss.parse(whole[1] ?? '');
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(/** @type {import('postcss').AtRule} */ (rule.parent).name)) return;
    if (!rule.selectors.some((selector) => applies(selector, document, cssSelect))) rule.remove();
  });
  pruneUnread(root);
  dropEmpty(root);
  return html.replace(INLINE_STYLE, () => `<style>${root.toString()}</style>`);
}
