'use client';

import { cloneElement, type ReactElement } from 'react';
import { FieldFrame, inputClass } from '@/components/dialogs/form-fields';

interface Props {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  /** The control (an input or a textarea): it gets the id, the look and what describes it. */
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled control of the partner area's forms, with its hint and error read out with it (the dialogs' frame). */
export function PartnerField({ id, label, hint, error, required, children }: Props) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      {cloneElement(children, {
        id,
        required,
        className: inputClass,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </FieldFrame>
  );
}
