import { describe, expect, it } from 'vitest';
import { routeRequest } from '../runtime/router.mjs';
import { allPages, isPrivatePage, orderResultOf, orderResultSegment, orderResultVariants, publicAddressOf, servicePages } from './site-pages.mjs';

describe('order result variants', () => {
  it('maps each query value to its variant segment and back', () => {
    expect(orderResultSegment('sent')).toBe('order-sent');
    expect(orderResultSegment('invalid')).toBe('order-invalid');
    expect(orderResultOf('order-sent')).toBe('sent');
    expect(orderResultOf('order-invalid')).toBe('invalid');
  });

  it('reads every pre-rendered variant, and gives each back as its own segment', () => {
    for (const variant of orderResultVariants) {
      const result = orderResultOf(variant);
      expect(result).toBeDefined();
      expect(orderResultSegment(result)).toBe(variant);
    }
  });

  it.each([undefined, null, '', 'sent', 'order-', 'order-other', 'order-sent/', 'ORDER-SENT', 'xorder-sent', 'order-constructor'])(
    'is nothing for %j',
    (segment) => {
      expect(orderResultOf(segment)).toBeUndefined();
    },
  );

  it.each([null, '', 'other', 'order-sent', 'toString'])('has no segment for the query value %j', (order) => {
    expect(orderResultSegment(order)).toBeUndefined();
  });
});

describe('publicAddressOf', () => {
  it.each([
    { segments: [], expected: { page: '', query: '' } },
    { segments: ['about', 'docs'], expected: { page: 'about/docs', query: '' } },
    { segments: ['epc'], expected: { page: 'epc', query: '' } },
    { segments: ['epc', 'order-sent'], expected: { page: 'epc', query: 'order=sent' } },
    { segments: ['vehicle', 'order-invalid'], expected: { page: 'vehicle', query: 'order=invalid' } },
    { segments: ['tis', 'answer'], expected: { page: 'tis', query: undefined } },
  ])('$segments', ({ segments, expected }) => {
    expect(publicAddressOf(segments)).toEqual(expected);
  });

  it('is the inverse of the edge router for every product page and order outcome', () => {
    for (const page of servicePages) {
      for (const search of ['', '?order=sent', '?order=invalid']) {
        const route = routeRequest({ pathname: `/en/${page}`, search, isRu: true, localePrefix: 'always' });
        if (route.kind !== 'page') throw new Error(`${page}${search} is not a page`);
        const [, , , ...segments] = route.path.split('/');
        expect(publicAddressOf(segments)).toEqual({ page, query: search.slice(1) });
      }
    }
  });
});

describe('isPrivatePage', () => {
  it('is the partner area, its sign-in and the desk, in both languages; no page of the site, no product page or its variants', () => {
    for (const path of ['/ru/auth/sign', '/en/auth/account', '/ru/auth/account/invoice', '/en/desk', '/ru/desk/leads/1']) expect(isPrivatePage(path), path).toBe(true);
    const publicPaths = [...allPages.flatMap((page) => ['ru', 'en'].map((locale) => `/${locale}${page ? `/${page}` : ''}`)), '/ru/geo-ru/tis/answer', '/en/not-found', '/ru/authors'];
    for (const path of publicPaths) expect(isPrivatePage(path), path).toBe(false);
  });
});
