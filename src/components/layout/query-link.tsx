'use client';

import type { ComponentProps } from 'react';
import { useLocationSearch } from './use-location-search';

type Props = ComponentProps<'a'> & {
  href: string;
  /** Which parameters of the current URL to carry: the `utm_*` ones, or all but `ref`. */
  carry: 'utm' | 'all-but-ref';
};

/** A link that carries query parameters of the page it is on (the page itself is static). */
export function QueryLink({ href, carry, ...rest }: Props) {
  const search = useLocationSearch();
  return <a {...rest} href={search ? withCarriedQuery(href, search, carry) : href} />;
}

export function withCarriedQuery(href: string, currentSearch: string, carry: Props['carry']): string {
  const [beforeHash, hash = ''] = href.split('#');
  const [path = '', query = ''] = (beforeHash ?? '').split('?');
  const params = new URLSearchParams(query);
  for (const [key, value] of new URLSearchParams(currentSearch)) {
    const wanted = carry === 'utm' ? key.startsWith('utm_') : key !== 'ref';
    if (wanted && !params.has(key)) params.append(key, value);
  }
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}
