import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { tariffPlans } from '@/content/tariffs';
import { PICTURE_NAMES } from '@/pictures/draw.mjs';
import { LOCALES } from './locales.mjs';
import { pictureOf, products, productsIn, type ProductMenu } from './products.mjs';
import { allPages, defaultPages, geoVariants, isDynamicSection, isServicePage, isToolPage, servicePages } from './site-pages.mjs';

/*
 * The one entry per product (docs/decisions/026): what the menus, the footer, the tariffs, the
 * routes and the pictures are made from. These checks say what else a product needs (its
 * messages, a tool's route folder) and that nothing lists a product the entry does not have.
 */

const messages = { ru, en } as const;
const MENUS: readonly ProductMenu[] = ['sub-menu', 'footer'];
const app = (path: string) => fileURLToPath(new URL(`../app/[locale]/[geo]/${path}`, import.meta.url));
const ids = products.map((product) => product.id as string);

describe('the products', () => {
  it('are each one page path segment, once, clashing with no other page or route', () => {
    expect(new Set(ids).size).toBe(ids.length);
    const taken = new Set([...defaultPages.map((page) => page.split('/')[0]), ...geoVariants, 'auth', 'services', 'api', 'page-not-found']);
    for (const id of ids) {
      expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(taken.has(id), id).toBe(false);
      expect(isDynamicSection(id), id).toBe(false);
    }
  });

  it('are the product pages, pre-rendered and in the sitemap, in the entry’s order', () => {
    expect(servicePages).toEqual(ids);
    expect(allPages.slice(-ids.length)).toEqual(ids);
    for (const id of ids) expect(isServicePage(id), id).toBe(true);
  });

  it.each(LOCALES)('are linked by each menu in %s as their entries say, in order', (locale) => {
    for (const menu of MENUS) {
      const expected = products.filter((product) => (product.menus as readonly string[]).includes(menu) && (!('listedIn' in product) || (product.listedIn as readonly string[]).includes(locale)));
      expect(productsIn(menu, locale)).toEqual(expected.map((product) => product.id));
    }
  });

  it('are each linked from a menu in some language (no page is an orphan)', () => {
    for (const id of ids) expect(LOCALES.some((locale) => MENUS.some((menu) => (productsIn(menu, locale) as string[]).includes(id))), id).toBe(true);
  });

  it.each(LOCALES)('have their texts in the %s messages, and the messages name no other product', (locale) => {
    const { Pages, Nav, Footer, Home } = messages[locale] as unknown as {
      Pages: Record<string, { title?: string; description?: string; heading?: string; lead?: string; sections?: unknown[] }>;
      Nav: { products: Record<string, string> };
      Footer: { links: Record<string, string> };
      Home: { tarif: { plans: Record<string, { name?: string; summary?: string }> } };
    };
    for (const product of products) {
      const page = Pages[product.id];
      expect(page, `Pages.${product.id}`).toBeDefined();
      for (const field of ['title', 'description', 'heading', 'lead'] as const) expect(page?.[field], `Pages.${product.id}.${field}`).toBeTruthy();
      expect(Array.isArray(page?.sections), `Pages.${product.id}.sections`).toBe(true);
      if (productsIn('sub-menu', locale).includes(product.id)) expect(Nav.products[product.id], `Nav.products.${product.id}`).toBeTruthy();
      // The footer's name is also the product a lead from its page is about (src/server/leads/shown-fields.ts).
      expect(Footer.links[product.id], `Footer.links.${product.id}`).toBeTruthy();
      if ('tariff' in product) {
        expect(Home.tarif.plans[product.id]?.name, `Home.tarif.plans.${product.id}.name`).toBeTruthy();
        expect(Home.tarif.plans[product.id]?.summary, `Home.tarif.plans.${product.id}.summary`).toBeTruthy();
      }
    }
    const company = new Set(defaultPages.filter(Boolean).map((page) => page.replace('/', '_')));
    expect(Object.keys(Nav.products).filter((key) => !ids.includes(key))).toEqual([]);
    expect(Object.keys(Footer.links).filter((key) => !ids.includes(key) && !company.has(key))).toEqual([]);
    expect(Object.keys(Home.tarif.plans)).toEqual(tariffPlans.map((plan) => plan.id));
  });

  it('with a tool have its route folder, and the others none (they share [service])', () => {
    for (const id of ids) {
      const routes = ['page.tsx', 'answer/page.tsx', '[result]/page.tsx'].map((file) => existsSync(app(`${id}/${file}`)));
      expect(routes, id).toEqual(routes.map(() => isToolPage(id)));
      expect(existsSync(app(id)), id).toBe(isToolPage(id));
    }
  });

  it('show a picture that is drawn, and the tariffs are the products with a plan', () => {
    for (const id of ids) {
      const picture = pictureOf(id);
      if (picture !== undefined) expect(PICTURE_NAMES).toContain(picture);
    }
    expect(pictureOf('about')).toBeUndefined();
    expect(tariffPlans.map((plan) => plan.id)).toEqual(products.filter((product) => 'tariff' in product).map((product) => product.id));
  });
});
