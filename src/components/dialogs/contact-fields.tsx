'use client';

import { TextField } from './form-fields';
import { PhoneField } from './phone-field';

interface Props {
  form: string;
  /** The e-mail field is shown when it has a label. */
  labels: { name: string; phone: string; email?: string };
  errors: Partial<Record<string, string>>;
}

/** Name, phone and (when asked for) e-mail, all required: the contact block of every lead form. */
export function ContactFields({ form, labels, errors }: Props) {
  return (
    <>
      <TextField form={form} name="name" label={labels.name} required autoComplete="name" error={errors.name} />
      <PhoneField form={form} label={labels.phone} required error={errors.phone} />
      {labels.email ? <TextField form={form} name="email" type="email" label={labels.email} required autoComplete="email" error={errors.email} /> : null}
    </>
  );
}
