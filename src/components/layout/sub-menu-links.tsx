'use client';

import { usePagePath } from './use-page-path';

interface Item {
  page: string;
  href: string;
  label: string;
}

/**
 * The sub-menu's links, marking the current product page. The list scrolls sideways on a phone;
 * it starts scrolled to the current page's link (`scroll-initial-target`, CSS: no script, so also
 * before the page's scripts start), centred, so its name is never cut off by the buy button.
 */
export function SubMenuLinks({ items }: { items: Item[] }) {
  const current = usePagePath();
  return (
    <ul className="flex gap-1">
      {items.map((item) => (
        <li key={item.page}>
          <a
            href={item.href}
            aria-current={item.page === current ? 'page' : undefined}
            className="block rounded-md px-3 py-2 text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-100 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white aria-[current=page]:[scroll-initial-target:nearest] aria-[current=page]:[scroll-snap-align:center]"
          >
            {item.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
