import { test as base, expect } from '@playwright/test';
import { defaultPages, servicePages } from '../../src/site/site-pages.mjs';

/** Addresses the GeoIP database places in Russia and elsewhere (the server trusts one proxy). */
export const ADDRESS = { russia: '77.88.8.8', abroad: '8.8.8.8' } as const;
export type Visitor = keyof typeof ADDRESS;

// The site's own lists, not copies (src/site/).
export { LOCALES as locales } from '../../src/site/locales.mjs';
export const allPages: readonly string[] = [...defaultPages, ...servicePages];

export const pageUrl = (locale: string, page: string) => `/${locale}${page ? `/${page}` : ''}`;

export const test = base.extend<{ visitor: Visitor }>({
  visitor: ['abroad', { option: true }],
  // Every request of the page carries the visitor's address.
  context: async ({ context, visitor }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': ADDRESS[visitor] });
    await use(context);
  },
});

export { expect };

