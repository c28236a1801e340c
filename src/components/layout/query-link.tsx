import type { ComponentProps } from 'react';

type Props = ComponentProps<'a'> & {
  href: string;
  /** Which parameters of the current URL to carry: the `utm_*` ones. */
  carry: 'utm';
};

/**
 * A link that carries query parameters of the page it is on. The page is static, so the page's
 * enhancer (src/enhancer/campaign.mjs) rewrites the href in the browser.
 */
export function QueryLink({ href, carry, ...rest }: Props) {
  return <a {...rest} href={href} data-carry={carry} />;
}
