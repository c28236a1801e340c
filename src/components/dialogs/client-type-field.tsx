'use client';

import { RadioField } from './form-fields';

/** The client types a form offers: 1 catalogue (auto business), 2 private person, 3 a spare part. */
type ClientType = '1' | '2' | '3';

interface Props {
  form: string;
  /** The form's own translator: it holds `clientType` and `client1`…`client3`. */
  t: (key: 'clientType' | `client${ClientType}`) => string;
  choices: readonly ClientType[];
  error?: string;
  /** The choice made when the page was rendered (the page's order form shown again). */
  defaultValue?: string;
}

/** The required «who are you» choice (`t_client`) of the buy/demo dialog and the order form. */
export function ClientTypeField({ form, t, choices, error, defaultValue }: Props) {
  return <RadioField form={form} name="t_client" legend={t('clientType')} required error={error} defaultValue={defaultValue} options={choices.map((value) => ({ value, label: t(`client${value}`) }))} />;
}
