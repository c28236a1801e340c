/**
 * The order form's outcome as a pre-rendered variant of a product page: the server answers the
 * form post with 303 to `?order=sent|invalid`, and the proxy serves the matching variant so the
 * message shows without JavaScript.
 */
export const orderResultVariants = ['order-sent', 'order-invalid'] as const;

export function orderResultOf(segment: string | undefined): 'sent' | 'invalid' | undefined {
  if (segment === 'order-sent') return 'sent';
  if (segment === 'order-invalid') return 'invalid';
  return undefined;
}

/** The variant segment for a query's `order` value, if any. */
export function orderResultSegment(order: string | null): string | undefined {
  return order === 'sent' || order === 'invalid' ? `order-${order}` : undefined;
}
