export { orderResultVariants } from '@/site/site-pages.mjs';

/** Which outcome a pre-rendered variant segment shows. */
export function orderResultOf(segment: string | undefined): 'sent' | 'invalid' | undefined {
  if (segment === 'order-sent') return 'sent';
  if (segment === 'order-invalid') return 'invalid';
  return undefined;
}
