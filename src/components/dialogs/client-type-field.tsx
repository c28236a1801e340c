'use client';

import { RadioField } from './form-fields';

/** The client types a form offers: 1 catalogue (auto business), 2 private person, 3 a spare part. */
type ClientType = '1' | '2' | '3';

interface Props<Choice extends ClientType> {
  form: string;
  /** The form's own translator: it holds `clientType` and `client<choice>` for each of its choices. */
  t: (key: 'clientType' | `client${NoInfer<Choice>}`) => string;
  choices: readonly Choice[];
  error?: string;
  /** The choice made when the page was rendered (the page's order form shown again). */
  defaultValue?: string;
}

/** The required «who are you» choice (`t_client`) of the buy/demo dialog and the order form. */
export function ClientTypeField<Choice extends ClientType>({ form, t, choices, error, defaultValue }: Props<Choice>) {
  return <RadioField form={form} name="t_client" legend={t('clientType')} required error={error} defaultValue={defaultValue} options={choices.map((value) => ({ value, label: t(`client${value}`) }))} />;
}
