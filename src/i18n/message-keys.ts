import type { MessageKeys, Messages, NestedKeyOf } from 'next-intl';

/** A namespace of the catalog: one of the messages' top-level keys. */
export type Namespace = keyof Messages & string;

/** The keys of one namespace's texts (`fields.name`, `kinds.order`): what its translator takes. */
export type MessageKey<N extends Namespace> = MessageKeys<Messages[N], NestedKeyOf<Messages[N]>>;

/** The keys of one group of a namespace, without the group's name: `KeyUnder<'Desk', 'kinds'>` is `order` | `invoice` | … */
export type KeyUnder<N extends Namespace, Group extends string> = MessageKey<N> extends infer Key ? (Key extends `${Group}.${infer Rest}` ? Rest : never) : never;
