'use client';

import { useSelectedLayoutSegments } from 'next/navigation';
import { isGeoVariant, publicAddressOf } from '@/site/site-pages.mjs';

/**
 * The current page's public address below the locale (page '' for the index), read from the route
 * tree, so it is right in pre-rendered HTML too: a product page's variants and its tool's answer
 * route are the product page (src/site/site-pages.mjs's publicAddressOf). `query` is the query an
 * order-outcome variant stands for, '' for none, and undefined on a tool's answer, whose query is
 * the request's. Call it from a component rendered by a layout directly below [locale].
 */
export function usePageAddress(): { page: string; query: string | undefined } {
  const segments = useSelectedLayoutSegments().filter((segment) => !segment.startsWith('(') && !segment.startsWith('__') && !isGeoVariant(segment));
  return publicAddressOf(segments);
}

/** The current page's path below the locale ('' for the index). */
export function usePagePath(): string {
  return usePageAddress().page;
}
