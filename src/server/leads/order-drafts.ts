import 'server-only';
import { randomBytes } from 'node:crypto';
import { ORDER_DRAFT_FIELDS as FIELDS, type OrderDraft } from '@/lib/leads/order-page-form';

/** Long enough to come back from a 303, short enough that no typed data lingers. */
const LIFETIME_MS = 10 * 60 * 1000;
const MOST = 1000;
const LONGEST = 2000;
/** The id's form (128 random bits, base64url), as the edge checks it (src/site/site-pages.mjs). */
const ID = /^[A-Za-z0-9_-]{22}$/;

type Stash = Map<string, { page: string; draft: OrderDraft; until: number }>;
/**
 * One stash per process, on globalThis: Next.js bundles the route handler that keeps a draft and
 * the page that reads it as separate entries, which must still share it.
 */
const KEY = Symbol.for('epcsu.orderDrafts');
const stash = (): Stash => ((globalThis as { [KEY]?: Stash })[KEY] ??= new Map());

function sweep(drafts: Stash, now: number) {
  for (const [id, entry] of drafts) if (entry.until <= now) drafts.delete(id);
  // The oldest go first when a flood of refused posts would fill the memory.
  for (const id of drafts.keys()) {
    if (drafts.size <= MOST) break;
    drafts.delete(id);
  }
}

/**
 * Keeps a refused order form's input for its page to show again (docs/decisions/014): in this
 * process's memory only, for ten minutes, under a random id that the 303 carries instead of the
 * data, so that no personal data is in a URL or a log. Only the visible fields, each clipped; the
 * errors are the messages of the post's language. Undefined when nothing was typed.
 */
export function keepOrderDraft(page: string, body: Record<string, unknown> | undefined, errors: Record<string, string> = {}, now = Date.now()): string | undefined {
  if (!body) return undefined;
  const values: OrderDraft['values'] = {};
  for (const field of FIELDS) {
    const value = body[field];
    if (typeof value === 'string' && value !== '') values[field] = value.slice(0, LONGEST);
  }
  const shown: OrderDraft['errors'] = Object.fromEntries(Object.entries(errors).filter(([field]) => (FIELDS as readonly string[]).includes(field)));
  if (!Object.keys(values).length && !Object.keys(shown).length) return undefined;
  const drafts = stash();
  sweep(drafts, now);
  const id = randomBytes(16).toString('base64url');
  drafts.set(id, { page, draft: { values, errors: shown }, until: now + LIFETIME_MS });
  return id;
}

/** The draft kept under `id` for the page at `page` (its path), while it lasts. */
export function orderDraft(id: unknown, page: string, now = Date.now()): OrderDraft | undefined {
  if (typeof id !== 'string' || !ID.test(id)) return undefined;
  const entry = stash().get(id);
  return entry && entry.until > now && entry.page === page ? entry.draft : undefined;
}
