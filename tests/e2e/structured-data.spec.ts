import type { Page } from '@playwright/test';
import { tariffPlans } from '../../src/content/tariffs';
import { currentTisPrices } from '../../src/content/tis-prices';
import { expect, test } from './fixtures';

/** Structured data is in the HTML itself (crawlers run no scripts), valid JSON, schema.org. */
test.use({ javaScriptEnabled: false });

type Thing = Record<string, unknown> & { '@type': string };

async function structuredData(page: Page, path: string): Promise<Thing[]> {
  await page.goto(path);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const things = blocks.map((block) => JSON.parse(block) as Thing);
  for (const thing of things) expect(thing['@context']).toBe('https://schema.org');
  return things;
}

const offers = (list: Thing) =>
  (list.itemListElement as { item: { name: string; offers: { price: number; priceCurrency: string } | { price: number; priceCurrency: string }[] } }[]).map(({ item }) => ({
    name: item.name,
    prices: [item.offers].flat().map((offer) => `${offer.price} ${offer.priceCurrency}`),
  }));

for (const locale of ['ru', 'en'] as const) {
  test(`the index names the company and its plans with their monthly prices (${locale})`, async ({ page }) => {
    const things = await structuredData(page, `/${locale}`);
    const organization = things.find((thing) => thing['@type'] === 'Organization')!;
    expect(organization).toMatchObject({ name: 'EpcSu', logo: expect.stringMatching(/\/icon\.svg$/) });
    // Built without NEXT_PUBLIC_SITE_URL, the addresses are the page's own (relative), never a made-up host.
    expect(new URL(organization.logo as string, page.url()).href).toBe(new URL('/icon.svg', page.url()).href);
    expect(JSON.stringify(things)).not.toContain('localhost:3000');
    const plans = offers(things.find((thing) => thing['@type'] === 'ItemList')!);
    expect(plans.map((plan) => plan.prices)).toEqual(tariffPlans.map((plan) => [`${plan.rubPerMonth} RUB`]));
  });

  test(`the TIS page lists every brand's price in roubles and euro, from the price list (${locale})`, async ({ page }) => {
    const things = await structuredData(page, `/${locale}/tis`);
    const list = offers(things.find((thing) => thing['@type'] === 'ItemList')!);
    expect(list.map((row) => row.prices)).toEqual(currentTisPrices.map((row) => [`${row.rubPerMonth} RUB`, `${row.eurPerMonth} EUR`]));
    expect(list[0]!.name).toContain(currentTisPrices[0]!.brand);
  });

  test(`an inner page says where it sits: home, then the page (${locale})`, async ({ page }) => {
    const things = await structuredData(page, `/${locale}/about/privacy`);
    const crumbs = things.find((thing) => thing['@type'] === 'BreadcrumbList')!.itemListElement as { position: number; item: string }[];
    expect(crumbs.map((crumb) => crumb.position)).toEqual([1, 2]);
    expect(new URL(crumbs[0]!.item, page.url()).pathname).toBe(`/${locale}`);
    expect(new URL(crumbs[1]!.item, page.url()).pathname).toBe(`/${locale}/about/privacy`);
    expect(things.some((thing) => thing['@type'] === 'Organization')).toBe(true);
  });
}
