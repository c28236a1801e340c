'use client';

import type { ComponentProps } from 'react';
import { requestDialog, type DialogName } from './dialog-events';

type Props = Omit<ComponentProps<'a'>, 'onClick'> & { dialog: DialogName; href: string };

/**
 * A link that opens a dialog when scripts run, and without them goes to `href`
 * (a page or section that serves the same purpose).
 */
export function DialogTrigger({ dialog, href, children, ...rest }: Props) {
  return (
    <a
      {...rest}
      href={href}
      aria-haspopup="dialog"
      data-dialog={dialog}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        if (requestDialog(dialog)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
