import { describe, expect, it } from 'vitest';
import { routeRequest } from './router.mjs';

const base = { search: '', cookie: null, acceptLanguage: null, isRu: false, localePrefix: 'always' as const };

describe('routeRequest with LOCALE_PREFIX=always', () => {
  it.each([
    { name: 'assets pass', input: { pathname: '/_next/static/chunks/a.js' }, expected: { kind: 'pass' } },
    { name: 'API passes', input: { pathname: '/api/auth/is-ru' }, expected: { kind: 'pass' } },
    { name: 'files pass', input: { pathname: '/sitemap.xml' }, expected: { kind: 'pass' } },
    { name: 'a default page is served as is', input: { pathname: '/ru/about/docs' }, expected: { kind: 'page', path: '/ru/about/docs' } },
    { name: 'the index', input: { pathname: '/en' }, expected: { kind: 'page', path: '/en' } },
    { name: 'a product page, visitor abroad', input: { pathname: '/ru/epc' }, expected: { kind: 'page', path: '/ru/geo-world/epc' } },
    { name: 'a product page, visitor in Russia', input: { pathname: '/en/tis', isRu: true }, expected: { kind: 'page', path: '/en/geo-ru/tis' } },
    { name: 'the order outcome variant', input: { pathname: '/en/vag', search: '?order=sent&x=1' }, expected: { kind: 'page', path: '/en/geo-world/vag/order-sent' } },
    { name: 'an unknown order outcome is ignored', input: { pathname: '/en/vag', search: '?order=maybe' }, expected: { kind: 'page', path: '/en/geo-world/vag' } },
    { name: 'a variant path is not public', input: { pathname: '/ru/geo-ru/epc' }, expected: { kind: 'page', path: '/ru/not-found' } },
    {
      name: 'a VIN to check: the answer, rendered per request, query kept by the server',
      input: { pathname: '/ru/vehicle', search: '?vin=WVWZZZ1JZ3W386752' },
      expected: { kind: 'page', path: '/ru/geo-world/vehicle/answer', perRequest: true },
    },
    {
      name: 'a TIS selection, visitor in Russia',
      input: { pathname: '/en/tis', search: '?brands=vag&brands=ford&months=3', isRu: true },
      expected: { kind: 'page', path: '/en/geo-ru/tis/answer', perRequest: true },
    },
    { name: 'a period alone is a TIS selection too', input: { pathname: '/en/tis', search: '?currency=EUR' }, expected: { kind: 'page', path: '/en/geo-world/tis/answer', perRequest: true } },
    {
      name: 'a tool’s answer keeps the order outcome for the page to show',
      input: { pathname: '/ru/vehicle', search: '?vin=XTA21214011580133&order=sent' },
      expected: { kind: 'page', path: '/ru/geo-world/vehicle/answer', perRequest: true },
    },
    {
      name: 'a refused order post’s draft: rendered per request, on any product page',
      input: { pathname: '/en/epc', search: '?order=invalid&draft=AAAAAAAAAAAAAAAAAAAAAA' },
      expected: { kind: 'page', path: '/en/geo-world/epc/answer', perRequest: true },
    },
    { name: 'a draft id of another shape is the outcome variant', input: { pathname: '/en/epc', search: '?order=invalid&draft=x' }, expected: { kind: 'page', path: '/en/geo-world/epc/order-invalid' } },
    { name: 'a draft with another outcome is the outcome variant', input: { pathname: '/ru/epc', search: '?order=sent&draft=AAAAAAAAAAAAAAAAAAAAAA' }, expected: { kind: 'page', path: '/ru/geo-world/epc/order-sent' } },
    { name: 'an empty VIN is the pre-rendered page', input: { pathname: '/ru/vehicle', search: '?vin=+' }, expected: { kind: 'page', path: '/ru/geo-world/vehicle' } },
    { name: 'a tool’s field on another page is nothing', input: { pathname: '/ru/epc', search: '?vin=X&brands=vag' }, expected: { kind: 'page', path: '/ru/geo-world/epc' } },
    { name: 'the answer route is not public', input: { pathname: '/ru/vehicle/answer' }, expected: { kind: 'page', path: '/ru/not-found' } },
    { name: 'an order outcome variant is not public', input: { pathname: '/en/epc/order-sent', isRu: true }, expected: { kind: 'page', path: '/en/not-found' } },
    {
      name: 'an invoice’s page is the page that shows invoices',
      input: { pathname: '/ru/auth/account/invoices/0b7c6f0e-2c5a-4c7e-9a51-0e6f6a1d2b3c', search: '?paid=card' },
      expected: { kind: 'page', path: '/ru/auth/account/invoice' },
    },
    { name: 'that page is not public', input: { pathname: '/en/auth/account/invoice' }, expected: { kind: 'page', path: '/en/not-found' } },
    { name: 'an invoice id of another shape is no page', input: { pathname: '/en/auth/account/invoices/1' }, expected: { kind: 'page', path: '/en/auth/account/invoices/1' } },
    { name: 'the order post goes through', input: { pathname: '/ru/services/order-send' }, expected: { kind: 'page', path: '/ru/services/order-send' } },
    { name: 'the sales desk is rendered per request', input: { pathname: '/en/desk' }, expected: { kind: 'page', path: '/en/desk', perRequest: true, noStore: true } },
    { name: 'a desk page below it too', input: { pathname: '/ru/desk/leads/1', search: '?done=x' }, expected: { kind: 'page', path: '/ru/desk/leads/1', perRequest: true, noStore: true } },
    {
      name: 'unprefixed: redirect keeping path and query, with the cookie',
      input: { pathname: '/about', search: '?a=1', acceptLanguage: 'en' },
      expected: { kind: 'redirect', location: '/en/about?a=1', localeCookie: 'en' },
    },
    { name: 'unprefixed root, in Russia', input: { pathname: '/', isRu: true }, expected: { kind: 'redirect', location: '/ru', localeCookie: 'ru' } },
    { name: 'the cookie wins', input: { pathname: '/', isRu: true, cookie: 'en' }, expected: { kind: 'redirect', location: '/en', localeCookie: 'en' } },
    { name: 'an unknown locale is a path', input: { pathname: '/de/x' }, expected: { kind: 'redirect', location: '/en/de/x', localeCookie: 'en' } },
  ])('$name', ({ input, expected }) => {
    expect(routeRequest({ ...base, ...input })).toEqual(expected);
  });
});

describe('routeRequest with LOCALE_PREFIX=as-needed', () => {
  const asNeeded = { ...base, localePrefix: 'as-needed' as const };
  it.each([
    { name: '/ru points at /', input: { pathname: '/ru' }, expected: { kind: 'redirect', location: '/' } },
    { name: '/ru/... points at the unprefixed path', input: { pathname: '/ru/about', search: '?x=1' }, expected: { kind: 'redirect', location: '/about?x=1' } },
    { name: 'Russian served in place', input: { pathname: '/about', isRu: true }, expected: { kind: 'page', path: '/ru/about', negotiated: true } },
    { name: 'Russian index in place', input: { pathname: '/', acceptLanguage: 'ru' }, expected: { kind: 'page', path: '/ru', negotiated: true } },
    { name: 'the Russian desk in place, per request', input: { pathname: '/desk/login', acceptLanguage: 'ru' }, expected: { kind: 'page', path: '/ru/desk/login', negotiated: true, perRequest: true, noStore: true } },
    { name: 'Russian product page, variant chosen', input: { pathname: '/vag', isRu: true }, expected: { kind: 'page', path: '/ru/geo-ru/vag', negotiated: true } },
    {
      name: 'Russian tool answer in place',
      input: { pathname: '/vehicle', search: '?vin=GX100-1234567', isRu: true },
      expected: { kind: 'page', path: '/ru/geo-ru/vehicle/answer', negotiated: true, perRequest: true },
    },
    { name: 'English is redirected', input: { pathname: '/pay', cookie: 'en' }, expected: { kind: 'redirect', location: '/en/pay', localeCookie: 'en' } },
    { name: 'English pages keep the prefix', input: { pathname: '/en/pay' }, expected: { kind: 'page', path: '/en/pay' } },
    { name: 'no open redirect through //', input: { pathname: '/ru//evil.example/x' }, expected: { kind: 'redirect', location: '/evil.example/x' } },
    { name: 'no open redirect through \\', input: { pathname: '/ru/\\evil.example/' }, expected: { kind: 'redirect', location: '/evil.example/' } },
    { name: 'no open redirect through several slashes', input: { pathname: '/ru///\\/evil.example/x' }, expected: { kind: 'redirect', location: '/evil.example/x' } },
  ])('$name', ({ input, expected }) => {
    expect(routeRequest({ ...asNeeded, ...input })).toEqual(expected);
  });
});

describe('the visitor\'s country is looked up only where the route depends on it', () => {
  it.each([
    ['/ru/about', false],
    ['/en', false],
    ['/_next/static/chunks/a.js', false],
    ['/ru/epc', true],
    ['/about', true],
  ])('%s: looked up %s', (pathname, looked) => {
    let asked = false;
    routeRequest({ ...base, pathname, isRu: () => ((asked = true), false) });
    expect(asked).toBe(looked);
  });
});
