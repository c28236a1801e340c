import type { TisPriceRow } from '@/content/tis-prices';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { publicEnv } from '@/lib/public-env';

/** JSON-LD (schema.org) for search engines: what the site sells, at what price, and where a page sits. */
type Thing = Record<string, unknown>;

/** The site's address of a path; relative (the page's own host) when NEXT_PUBLIC_SITE_URL is unset. */
const absolute = (path: string) => `${publicEnv.siteUrl}${path}`;
const languages = ['ru', 'en'];

/** The company behind the site, on every page of both layouts; `company`: its legal name, tax id, address and contacts, when set. */
export function organizationLd(locale: Locale, description: string, company: Thing = {}): Thing {
  return {
    ...company,
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absolute('/#organization'),
    name: publicEnv.siteName,
    url: absolute(localizedPath(locale, '')),
    logo: absolute('/icon.svg'),
    description,
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'sales', availableLanguage: languages },
      { '@type': 'ContactPoint', contactType: 'technical support', availableLanguage: languages },
    ],
  };
}

/** Home → this page. */
export function breadcrumbLd(locale: Locale, home: string, page: string, title: string): Thing {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: home, item: absolute(localizedPath(locale, '')) },
      { '@type': 'ListItem', position: 2, name: title, item: absolute(localizedPath(locale, page)) },
    ],
  };
}

/** A monthly subscription price in one currency. */
const monthly = (price: number, currency: 'RUB' | 'EUR', url: string): Thing => ({
  '@type': 'Offer',
  price,
  priceCurrency: currency,
  url,
  availability: 'https://schema.org/InStock',
  seller: { '@id': absolute('/#organization') },
  priceSpecification: { '@type': 'UnitPriceSpecification', price, priceCurrency: currency, unitCode: 'MON', referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' } },
});

/** A list of products, in order. */
const productList = (products: Thing[]): Thing => ({
  '@context': 'https://schema.org',
  '@type': 'ItemList',
  itemListElement: products.map((item, index) => ({ '@type': 'ListItem', position: index + 1, item: { '@type': 'Product', ...item } })),
});

/** The index's subscription plans, each a product with its monthly price. */
export function tariffsLd(locale: Locale, plans: { name: string; description: string; rubPerMonth: number }[]): Thing {
  const url = absolute(`${localizedPath(locale, '')}#tarif`);
  const brand = { '@type': 'Brand', name: publicEnv.siteName };
  return productList(plans.map((plan) => ({ name: plan.name, description: plan.description, brand, offers: monthly(plan.rubPerMonth, 'RUB', url) })));
}

/** The TIS price list: each brand's service information by the month, in roubles and euro. */
export function tisPricesLd(locale: Locale, product: string, rows: readonly TisPriceRow[]): Thing {
  const url = absolute(localizedPath(locale, 'tis'));
  return productList(rows.map((row) => ({ name: `${product}: ${row.brand}`, offers: [monthly(row.rubPerMonth, 'RUB', url), monthly(row.eurPerMonth, 'EUR', url)] })));
}
