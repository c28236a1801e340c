/*
 * The products, one entry each (docs/decisions/026). The page list (src/site/site-pages.mjs: the
 * routes, the pre-rendered pages, the sitemap and the edge's router), the sub-menu, the footer,
 * the index's tariffs (src/content/tariffs.ts), the tools' query fields and the product page's
 * picture are all made from this list, in its order. Plain JavaScript: the edge reads it too.
 *
 * A product's texts are messages, in both messages/ru.json and messages/en.json: `Pages.<id>`
 * (the page), `Nav.products.<id>` (its name in the sub-menu), `Footer.links.<id>` (in the footer
 * and the header's products menu, which name a product in full)
 * and, with a tariff, `Home.tarif.plans.<id>`. src/site/products.test.ts fails when one is missing.
 */

/** @typedef {import('./locales.mjs').Locale} Locale */
/** @typedef {typeof import('../pictures/draw.mjs').PICTURE_NAMES[number]} PictureName */

/**
 * Where a product is linked: the products menu of the site's header (every page with a header,
 * wide and on a phone), the product sub-menu of the product pages, the footer's product list.
 * @typedef {'header' | 'sub-menu' | 'footer'} ProductMenu
 */

/**
 * @typedef {object} ProductEntry
 * @property {string} id The page's path below the locale, and its messages' key.
 * @property {readonly ProductMenu[]} menus Where it is linked.
 * @property {readonly Locale[]} [listedIn] The languages whose menus and sitemap list it; every
 *   language when absent. The page itself is rendered in every language, and in a language that
 *   does not list it, says that the product is sold in Russia only (`Nav.soldInRussiaOnly`).
 * @property {readonly string[]} [tool] The query fields of the page's tool (docs/decisions/014): a
 *   query with one of them is answered per request. A tool has its own route folder,
 *   src/app/[locale]/[geo]/<id>/, with the tool's component.
 * @property {{ readonly rubPerMonth: number; readonly highlighted: boolean }} [tariff] Its plan in the
 *   index's tariffs (`Home.tarif.plans.<id>`), in this list's order.
 * @property {PictureName} [picture] The picture beside the hero's text.
 */

/**
 * @template {readonly ProductEntry[]} const T
 * @param {T} entries
 * @returns {T}
 */
const defineProducts = (entries) => entries;

export const products = defineProducts([
  { id: 'epc', menus: ['header', 'sub-menu', 'footer'], tariff: { rubPerMonth: 3900, highlighted: true }, picture: 'exploded' },
  { id: 'vag', menus: ['header', 'sub-menu', 'footer'], tariff: { rubPerMonth: 1900, highlighted: false }, picture: 'vin' },
  { id: 'tis', menus: ['header', 'sub-menu', 'footer'], tool: ['brands', 'months', 'currency'], picture: 'manual' },
  { id: 'spec', menus: ['header', 'sub-menu', 'footer'], tariff: { rubPerMonth: 2900, highlighted: false }, picture: 'machine' },
  { id: 'moto', menus: ['header', 'sub-menu', 'footer'], tariff: { rubPerMonth: 1200, highlighted: false }, picture: 'moto' },
  // Проценка is sold in Russia only: its English page exists and says so, but no menu or sitemap lists it.
  { id: 'supplier', menus: ['header', 'sub-menu', 'footer'], listedIn: ['ru'], picture: 'inquiry' },
  { id: 'apk', menus: ['header', 'footer'], picture: 'tractor' },
  { id: 'to', menus: ['header', 'footer'], picture: 'manual' },
  // The VIN check is the page's own content: no picture.
  { id: 'vehicle', menus: ['header', 'footer'], tool: ['vin'] },
]);

/** @typedef {typeof products[number]} Product */
/** @typedef {Product['id']} ProductId */

/**
 * The products a menu links in a language, in the list's order.
 * @param {ProductMenu} menu
 * @param {Locale} locale
 * @returns {ProductId[]}
 */
export function productsIn(menu, locale) {
  return products
    .filter((product) => /** @type {readonly ProductMenu[]} */ (product.menus).includes(menu) && isListedIn(product.id, locale))
    .map((product) => product.id);
}

/**
 * Whether a language's menus and sitemap list a product.
 * @param {string} id
 * @param {Locale} locale
 */
export function isListedIn(id, locale) {
  const product = products.find((entry) => entry.id === id);
  return product !== undefined && (!('listedIn' in product) || /** @type {readonly Locale[]} */ (product.listedIn).includes(locale));
}

/**
 * The picture a product page shows beside its text, if any.
 * @param {string} id
 * @returns {PictureName | undefined}
 */
export function pictureOf(id) {
  const product = products.find((entry) => entry.id === id);
  return product && 'picture' in product ? product.picture : undefined;
}
