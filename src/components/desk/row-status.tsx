'use client';

import { useEffect, useRef } from 'react';

/**
 * A lead's status changed from its row of the list: the lead page's own form post (action
 * `status`), returning to the list as it was. With scripts a change sends it; without, the button.
 */
export function RowStatus({ action, locale, back, status, label, save, options }: { action: string; locale: string; back: string; status: string; label: string; save: string; options: Array<{ value: string; label: string }> }) {
  const form = useRef<HTMLFormElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Scripts run: the change sends the form, so its button is not needed.
  useEffect(() => {
    if (button.current) button.current.hidden = true;
  }, []);
  return (
    <form ref={form} method="post" action={action} className="flex items-center gap-1">
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="action" value="status" />
      <select
        name="status"
        aria-label={label}
        defaultValue={status}
        className="min-h-9 rounded-md border border-slate-300 bg-white px-1 py-1 text-sm focus:outline-2 focus:outline-brand-600"
        onChange={() => form.current?.requestSubmit()}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button ref={button} type="submit" className="btn-secondary min-h-9 px-2 text-xs">
        {save}
      </button>
    </form>
  );
}
