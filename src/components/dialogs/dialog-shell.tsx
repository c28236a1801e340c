'use client';

import { useTranslations } from 'next-intl';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { markHydrated, productTitle } from '@/enhancer/dialog-protocol.mjs';
import type { DialogName } from './dialog-names';

/** A dialog's title naming a product, one per product a trigger may name (src/site/products.mjs). */
export interface ProductTitle {
  product: string;
  title: string;
}

interface Props {
  name: DialogName;
  title: string;
  /** The title naming the product the trigger carries (`data-fill`'s `product`), shown instead of `title` by the enhancer. */
  productTitles?: readonly ProductTitle[];
  description?: ReactNode;
  /** A Metrica goal reached each time the dialog opens. */
  openGoal?: string;
  children: ReactNode;
  size?: 'md' | 'lg';
}

/**
 * A modal dialog, native `<dialog>`, in the page's HTML from the start (docs/decisions/051).
 * The page's enhancer opens it at once on a tap of a `[data-dialog]` trigger, with or without
 * React, shown on top in the tap's frame and modal from the next (docs/decisions/051):
 * `showModal()` keeps focus inside and makes the page behind it inert, Escape closes it,
 * and so do the close icon (`data-dialog-close`) and a click on the backdrop (the enhancer).
 * Focus goes back to the trigger on close. Until React has hydrated it (`data-hydrated`, set as
 * React commits), the enhancer keeps the visitor's input inside it from React (docs/decisions/051,
 * src/enhancer/dialog-protocol.mjs). Its title has a variant per product (`productTitles`): the
 * enhancer shows the one its trigger names, before and after React (`showProductTitle`).
 */
export function DialogShell({ name, title, productTitles = [], description, openGoal, children, size = 'md' }: Props) {
  const t = useTranslations('Dialogs');
  const ta = useTranslations('ApiClient');
  const titleId = `${name}-dialog-title`;
  const descriptionId = `${name}-dialog-description`;
  const dialog = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    if (dialog.current) markHydrated(dialog.current);
  }, []);
  return (
    <dialog
      ref={dialog}
      data-dialog-name={name}
      data-open-goal={openGoal}
      data-network-error={ta('network')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] overflow-y-auto overscroll-contain rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-brand-900/60 focus:outline-none ${size === 'lg' ? 'max-w-2xl' : 'max-w-lg'}`}
    >
      <div className="p-5 sm:p-7">
        <div className="flex items-start gap-3">
          <h2 id={titleId} className="flex-1 text-xl font-bold text-brand-900 sm:text-2xl">
            {productTitles.length ? (
              <>
                <span {...productTitle('')}>{title}</span>
                {productTitles.map((variant) => (
                  <span key={variant.product} hidden {...productTitle(variant.product)}>
                    {variant.title}
                  </span>
                ))}
              </>
            ) : (
              title
            )}
          </h2>
          <button
            type="button"
            data-dialog-close=""
            className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-brand-900"
            aria-label={t('close')}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="mt-2 text-muted">
            {description}
          </p>
        ) : null}
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}

/** The confirmation that replaces a form after success; its button closes the dialog. */
export function SentConfirmation({ title, text }: { title: string; text: string }) {
  const t = useTranslations('Dialogs');
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-lg bg-green-50 p-4 ring-1 ring-green-200">
      <p className="text-lg font-semibold text-green-900">{title}</p>
      <p className="text-green-900">{text}</p>
      {/* The button that sent the form is gone: the keyboard goes on from here. */}
      <button type="button" data-dialog-close="" className="btn-secondary" autoFocus>
        {t('close')}
      </button>
    </div>
  );
}
