'use client';

import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { AuthDialog } from './auth-dialog';
import type { DialogName } from './dialog-names';
import { FeedbackDialog } from './feedback-dialog';
import { LeadDialog } from './lead-dialog';
import { OrderDialog } from './order-dialog';
import type { ProductNames } from './product-names';

function DialogByName({ name, products }: { name: DialogName; products: ProductNames }) {
  switch (name) {
    case 'feedback':
      return <FeedbackDialog />;
    case 'auth':
      return <AuthDialog />;
    case 'buy':
    case 'demo':
      return <LeadDialog kind={name} products={products} />;
    case 'order-buy':
      return <OrderDialog kind="buy" products={products} />;
    case 'order-demo':
      return <OrderDialog kind="demo" products={products} />;
  }
}

/** A dialog that starts afresh (empty form, first view) each time it has been closed. */
function FreshAfterClose({ name, children }: { name: DialogName; children: ReactNode }) {
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const dialog = document.querySelector(`dialog[data-dialog-name="${name}"]`);
    const renew = () => setGeneration((value) => value + 1);
    dialog?.addEventListener('close', renew);
    return () => dialog?.removeEventListener('close', renew);
  }, [name, generation]);
  return <Fragment key={generation}>{children}</Fragment>;
}

/**
 * The dialogs a layout's triggers open, rendered into the page's HTML (closed), so that a tap
 * opens them at once and React takes them over where they stand (docs/decisions/051). No Suspense
 * boundary around them: React would stream a large boundary apart and move it into place when the
 * page's scripts start, and a moved <dialog> falls out of the top layer. `products` names the
 * products for the buy and demo dialogs' titles (a server layout gets them: page-dialogs.tsx).
 */
export function SiteDialogs({ names, products }: { names: DialogName[]; products: ProductNames }) {
  return (
    <>
      {names.map((name) => (
        <FreshAfterClose key={name} name={name}>
          <DialogByName name={name} products={products} />
        </FreshAfterClose>
      ))}
    </>
  );
}
