/** Names of the site's dialogs; the dialog host (components/dialogs) opens them on request. */
export type DialogName = 'feedback' | 'auth' | 'buy' | 'demo' | 'order-buy' | 'order-demo';

export const OPEN_DIALOG_EVENT = 'epc:open-dialog';

export interface OpenDialogDetail {
  name: DialogName;
  /** Set by the host when it takes the request, so the trigger knows not to follow its link. */
  handled?: boolean;
}

/** Asks the dialog host to open a dialog; false when no host is listening. */
export function requestDialog(name: DialogName): boolean {
  const detail: OpenDialogDetail = { name };
  window.dispatchEvent(new CustomEvent<OpenDialogDetail>(OPEN_DIALOG_EVENT, { detail }));
  return detail.handled === true;
}
