import type { ComponentProps } from 'react';
import type { DialogName } from './dialog-names';

type Props = ComponentProps<'a'> & { dialog: DialogName; href: string };

/**
 * A link that opens a dialog of the page (the page's enhancer does it at once, before and after
 * React starts), and without scripts goes to `href`: a page or section that serves the same purpose.
 */
export function DialogTrigger({ dialog, href, children, ...rest }: Props) {
  return (
    <a {...rest} href={href} aria-haspopup="dialog" data-dialog={dialog}>
      {children}
    </a>
  );
}
