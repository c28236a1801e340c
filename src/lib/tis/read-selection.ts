/** Query values longer than this are not read. */
const MAX_TEXT = 1000;

/**
 * A selection as `tisQueryString` writes it (the order form posts it so, the buy dialog reads it
 * from its hidden field), read as it stands: nothing is dropped or defaulted, so that
 * `TisSelectionSchema` judges what was sent. Other values (a JSON object) pass through unchanged;
 * an empty text is no selection. No dependency: the buy dialog of every page carries it.
 */
export function readTisSelection(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return undefined;
  const query = new URLSearchParams(value.slice(0, MAX_TEXT));
  return {
    brands: (query.get('brands') ?? '').split(',').filter(Boolean),
    months: Number(query.get('months')),
    currency: query.get('currency') ?? '',
  };
}
