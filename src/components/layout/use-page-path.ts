'use client';

import { useSelectedLayoutSegments } from 'next/navigation';
import { isGeoVariant } from '@/site/site-pages.mjs';

/**
 * The current page's path below the locale ('' for the index), read from the route tree, so it
 * is right in pre-rendered HTML too (the browser URL of a service page differs from its route).
 * Call it from a component rendered by a layout directly below [locale].
 */
export function usePagePath(): string {
  return useSelectedLayoutSegments()
    .filter((segment) => !segment.startsWith('(') && !segment.startsWith('__') && !isGeoVariant(segment))
    .join('/');
}
