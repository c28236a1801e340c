/**
 * The hidden field by which the product page's own order form tells its posts from the order
 * modal's: with scripts both send JSON, and the consent record names the form it was given in.
 */
export const ORDER_PAGE_FORM = { name: 'order_form', value: 'page' } as const;

/** The fields of the page's order form the visitor fills in (the hidden ones come from the page). */
export const ORDER_DRAFT_FIELDS = ['name', 'phone', 't_client', 't_client_txt', 'consent'] as const;
type OrderDraftField = (typeof ORDER_DRAFT_FIELDS)[number];

/** What the page's order form shows again after a refused post without scripts: what was typed, and each field's error. */
export interface OrderDraft {
  values: Partial<Record<OrderDraftField, string>>;
  errors: Partial<Record<string, string>>;
}
