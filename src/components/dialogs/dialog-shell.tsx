'use client';

import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useRef, useState, type ReactNode } from 'react';

interface Props {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'md' | 'lg';
}

/**
 * A modal dialog (Radix): focus kept inside and given back on close; Escape, the close icon and a
 * click on the backdrop close it.
 */
export function DialogShell({ title, description, onClose, children, size = 'md' }: Props) {
  const t = useTranslations('Dialogs');
  const content = useRef<HTMLDivElement>(null);
  // Where focus goes back to on close: the control that opened the dialog.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-brand-900/60" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          ref={content}
          onOpenAutoFocus={(event) => {
            // Start at the first field rather than the close button.
            const first = content.current?.querySelector<HTMLElement>(
              'form input:not([type="hidden"]):not([tabindex="-1"]), form select, form textarea',
            );
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          onPointerDownOutside={(event) => {
            // The snackbar lives outside the dialog: using it must not close the dialog.
            if ((event.target as Element | null)?.closest?.('[data-sonner-toaster]')) event.preventDefault();
          }}
          className={`dialog-content fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-2xl focus:outline-none sm:p-7 ${size === 'lg' ? 'max-w-2xl' : 'max-w-lg'}`}
        >
          <div className="flex items-start gap-3">
            <Dialog.Title className="flex-1 text-xl font-bold text-brand-900 sm:text-2xl">{title}</Dialog.Title>
            <Dialog.Close className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-brand-900" aria-label={t('close')}>
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="mt-2 text-muted">{description}</Dialog.Description> : null}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The confirmation that replaces a form after success. */
export function SentConfirmation({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const t = useTranslations('Dialogs');
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-lg bg-green-50 p-4 ring-1 ring-green-200">
      <p className="text-lg font-semibold text-green-900">{title}</p>
      <p className="text-green-900">{text}</p>
      <button type="button" className="btn-secondary" onClick={onClose}>
        {t('close')}
      </button>
    </div>
  );
}
