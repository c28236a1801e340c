import type { KeyUnder } from '@/i18n/message-keys';

/**
 * How one field of a lead shows to sales: its label (a key of `Desk.fields` in messages/*.json,
 * the same in Telegram, e-mail, the desk and the CSV export, whose column it names) and how its
 * value reads. The field's name is a key of its form's parsed data, so renaming a field in a schema
 * without its definition is a type error, not a blank cell (docs/decisions/023).
 */
export type FieldShow =
  /** A line of text. */
  | { as: 'text' }
  /** Text of several lines (a comment): last in a message, under its label. */
  | { as: 'longText' }
  /** E.164, shown internationally formatted (`+7 916 123-45-67`), a `tel:` link where it can be. */
  | { as: 'phone' }
  | { as: 'email' }
  /** One of a few values, each named by `Desk.<group>.<prefix><value>`. */
  | { as: 'choice'; group: string; prefix?: string }
  /** A path of this site, never a link to anywhere else. */
  | { as: 'page' }
  /** A VIN or frame number: the desk links it to the site's VIN check. */
  | { as: 'vin' }
  /** A product of the catalogue (src/site/products.mjs) by its id, named as the footer names it. */
  | { as: 'product' }
  /** A TIS set, priced from the price list in force. */
  | { as: 'tis' }
  /** A yes/no flag, shown only when set. */
  | { as: 'flag' }
  /** An amount in roubles as the API writes it (`"42900.00"`), shown as the language writes money. */
  | { as: 'money' }
  /** An invoice's lines (src/lib/leads/invoice.ts), one a line, named in the reader's language: under its label, as a comment is. */
  | { as: 'invoiceItems' };

/** A field of a form's parsed data, by name. */
type FieldName<T> = Extract<keyof T, string>;

export interface LeadField<T> {
  name: FieldName<T>;
  label: KeyUnder<'Desk', 'fields'>;
  show?: FieldShow;
  /** Names or reaches a person, or carries what they wrote: left out of Telegram under TELEGRAM_PERSONAL_DATA=omit, removed by erasure. */
  personal?: boolean;
}

/** A field of a digest line, by name; `{ bold }` for the one set in bold (who sent the lead). */
export type DigestField<T> = FieldName<T> | { bold: FieldName<T> };

/** A kind of lead: the form's schema and what sales see of it, in reading order. */
export interface LeadDefinition<T, Kind extends string = string> {
  /** The `kind` column of the leads stored from this form (each named in `Desk.kinds`). */
  kinds: readonly Kind[];
  fields: ReadonlyArray<LeadField<T>>;
  /**
   * The lead's one-line title where the kind's name says too little (the CRM record's title, the
   * sales e-mail's subject): its message in `Desk.headlines`, each placeholder a field's shown text.
   */
  headline?: { message: KeyUnder<'Desk', 'headlines'>; fields: ReadonlyArray<FieldName<T>> };
  /**
   * What the lead's line in a digest (several leads in one Telegram message) shows after its
   * title, in this order; each reads as its `show` says (a VIN after «VIN», a page as code).
   */
  digest: ReadonlyArray<DigestField<T>>;
}

/** The fields every lead kind has in common, written once (each definition spreads them in). */
export const defineFields = <T>(fields: ReadonlyArray<LeadField<T>>) => fields;

/** The product or plan the lead is about (src/lib/validation/product.ts): first, so sales read it first. */
export const productFields = defineFields<{ product?: string }>([{ name: 'product', label: 'product', show: { as: 'product' } }]);

/** Name, phone and e-mail in a digest line: the name in bold. */
export const contactDigest: ReadonlyArray<DigestField<{ name: string; phone: string; email: string }>> = [{ bold: 'name' }, 'phone', 'email'];

/** Name, phone and e-mail: how the kinds that ask for all three show them. */
export const contactFields = defineFields<{ name: string; phone: string; email: string }>([
  { name: 'name', label: 'name', personal: true },
  { name: 'phone', label: 'phone', show: { as: 'phone' }, personal: true },
  { name: 'email', label: 'email', show: { as: 'email' }, personal: true },
]);
