'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { attachSnackbar, snackbarKind, SNACKBAR_TIMEOUT_MS, type SnackbarKind, type SnackbarMessage } from './snackbar-store';

/** At most this many messages are shown at once; the oldest goes first. */
const VISIBLE = 4;

interface Item {
  id: number;
  kind: SnackbarKind;
  text: string;
  persistent: boolean;
}

const withoutErrors = (items: Item[]) => (items.some((item) => item.kind === 'error') ? items.filter((item) => item.kind !== 'error') : items);

/** Where the snackbar must live to be seen and used: inside an open modal dialog (the rest of the page is inert then), else the body. */
const currentHost = () => document.querySelector<HTMLElement>('dialog[open]') ?? document.body;

const KIND_CLASS: Record<SnackbarKind, string> = {
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

/**
 * The snackbar (docs/design.md, «In the browser»): messages top-right, each closing itself after
 * 5000 ms unless persistent, or by its close button; closing clears the error, and so does a
 * success or a request that succeeded (`clearSnackbarErrors`). Loaded with the first message.
 */
export function Snackbar() {
  const t = useTranslations('Dialogs');
  const [items, setItems] = useState<Item[]>([]);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const nextId = useRef(0);

  // Closing a message removes it, the error with it.
  const close = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  // A success takes the errors shown before it away (success over error): a red error left above
  // the green success of the next try would contradict it.
  useEffect(
    () =>
      attachSnackbar(
        (message: SnackbarMessage) => {
          const kind = snackbarKind(message);
          if (!kind) return;
          const item = { id: nextId.current++, kind, text: message[kind] ?? '', persistent: Boolean(message.persistent) };
          setHost(currentHost());
          setItems((current) => [...(kind === 'success' ? withoutErrors(current) : current), item].slice(-VISIBLE));
        },
        () => setItems(withoutErrors),
      ),
    [],
  );

  if (!host || items.length === 0) return null;
  return createPortal(
    <section aria-label={t('snackbarLabel')} className="pointer-events-none fixed top-4 right-4 z-[100] flex w-[min(22rem,calc(100vw-2rem))] flex-col gap-2">
      <ol className="contents">
        {items.map((item) => (
          <SnackbarItem key={item.id} item={item} closeLabel={t('snackbarClose')} onClose={close} />
        ))}
      </ol>
    </section>,
    host,
  );
}

function SnackbarItem({ item, closeLabel, onClose }: { item: Item; closeLabel: string; onClose: (id: number) => void }) {
  useEffect(() => {
    if (item.persistent) return;
    const timer = setTimeout(() => onClose(item.id), SNACKBAR_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [item.id, item.persistent, onClose]);
  return (
    <li
      data-snackbar-item=""
      data-type={item.kind}
      role={item.kind === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm whitespace-pre-line shadow-lg ${KIND_CLASS[item.kind]}`}
    >
      <span className="min-w-0 flex-1 break-words">{item.text}</span>
      <button type="button" aria-label={closeLabel} onClick={() => onClose(item.id)} className="-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100 focus-visible:outline-2">
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" stroke="currentColor" strokeWidth="2">
          <path d="M2 2l10 10M12 2L2 12" />
        </svg>
      </button>
    </li>
  );
}
