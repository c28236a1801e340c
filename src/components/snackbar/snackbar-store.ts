/**
 * The snackbar's state (its error, info and success messages), kept outside React
 * and free of dependencies, so forms can post messages while the snackbar itself is
 * loaded only when the first message arrives.
 */
export interface SnackbarMessage {
  success?: string;
  info?: string;
  error?: string;
  /** Stays until closed instead of closing after 5000 ms. */
  persistent?: boolean;
}

export type SnackbarKind = 'success' | 'info' | 'error';
export const SNACKBAR_TIMEOUT_MS = 5000;

type Listener = (message: SnackbarMessage) => void;

let listener: Listener | undefined;
let clearErrors: (() => void) | undefined;
const queue: SnackbarMessage[] = [];
const mountRequests = new Set<() => void>();

/** The type shown: success over info over error (docs/design.md, «In the browser»). */
export function snackbarKind(message: SnackbarMessage): SnackbarKind | undefined {
  if (message.success) return 'success';
  if (message.info) return 'info';
  if (message.error) return 'error';
  return undefined;
}

export function showSnackbar(message: SnackbarMessage): void {
  if (!snackbarKind(message)) return;
  if (listener) listener(message);
  else {
    queue.push(message);
    mountRequests.forEach((request) => request());
  }
}

/** The host asks to be told when the snackbar must be mounted. */
export function onSnackbarNeeded(request: () => void): () => void {
  mountRequests.add(request);
  if (queue.length) request();
  return () => mountRequests.delete(request);
}

/** Forgets the messages still waiting for the snackbar (it could not be loaded while they came). */
export function dropQueuedMessages(): void {
  queue.length = 0;
}

/**
 * A request succeeded: the errors shown before it no longer hold (a wrong password, then the
 * right one), so they go, shown or still queued.
 */
export function clearSnackbarErrors(): void {
  for (let index = queue.length - 1; index >= 0; index--) if (snackbarKind(queue[index]!) === 'error') queue.splice(index, 1);
  clearErrors?.();
}

/** The mounted snackbar receives queued and future messages, and takes its errors away when told. */
export function attachSnackbar(receive: Listener, clear?: () => void): () => void {
  listener = receive;
  clearErrors = clear;
  queue.splice(0).forEach(receive);
  return () => {
    if (listener === receive) listener = undefined;
    if (clearErrors === clear) clearErrors = undefined;
  };
}
