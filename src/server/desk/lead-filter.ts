import 'server-only';
import { LEAD_KINDS, type LeadKind } from '@/lib/leads/definitions';
import { isUuid } from '@/lib/uuid.mjs';

export { LEAD_KINDS };
export const LEAD_STATUSES = ['new', 'in_progress', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const DEPARTMENTS = ['seller', 'support'] as const;
type Department = (typeof DEPARTMENTS)[number];
/** Columns the list sorts by; each with the lead's time and id after it, in the same direction (one index walk). */
const SORT_KEYS = ['created', 'kind', 'status', 'name'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** `created` newest first is the list's order when the address names none. */
export interface LeadSort {
  key: SortKey;
  desc: boolean;
}
export const DEFAULT_SORT: LeadSort = { key: 'created', desc: true };
/** The owner filter: everyone's, the viewer's own, nobody's yet, or one staff member's (their id). */
type OwnerFilter = 'all' | 'mine' | 'none' | (string & {});

/** The list's filter as the desk's address carries it (`?kind=…&status=…&from=…&to=…&department=…&q=…&owner=…`). */
export interface LeadFilter {
  kind?: LeadKind;
  status?: LeadStatus;
  /** Calendar dates (YYYY-MM-DD) in the desk's time zone, both included. */
  from?: string;
  to?: string;
  department?: Department;
  q?: string;
  /** Absent: the viewer's role decides (`mine` for sales, `all` for the others); see `withDefaultOwner`. */
  owner?: OwnerFilter;
  /** The viewer's staff id, for `owner=mine` (set by the server, never read from the address). */
  me?: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);

/** A filter from query parameters; anything unknown or malformed is left out, never an error. */
export function parseLeadFilter(params: URLSearchParams): LeadFilter {
  const q = params.get('q')?.trim().slice(0, 100);
  return {
    kind: oneOf(LEAD_KINDS, params.get('kind')),
    status: oneOf(LEAD_STATUSES, params.get('status')),
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
    department: oneOf(DEPARTMENTS, params.get('department')),
    q: q || undefined,
    owner: ownerOf(params.get('owner')),
  };
}

function ownerOf(value: string | null): OwnerFilter | undefined {
  if (value === 'all' || value === 'mine' || value === 'none') return value;
  return isUuid(value) ? value.toLowerCase() : undefined;
}

/** The viewer's filter: `me` set, and the owner the role starts with when the address names none. */
export function withDefaultOwner(filter: LeadFilter, viewer: { id: string; role: string }): LeadFilter {
  return { ...filter, me: viewer.id, owner: filter.owner ?? (viewer.role === 'sales' ? 'mine' : 'all') };
}

/** `?sort=name` (A→Z, oldest first among equals) or `?sort=-name` (Z→A, newest first); anything else: newest first. */
export function parseLeadSort(params: URLSearchParams): LeadSort {
  const value = params.get('sort') ?? '';
  const desc = value.startsWith('-');
  const key = (SORT_KEYS as readonly string[]).find((one) => one === (desc ? value.slice(1) : value)) as SortKey | undefined;
  return key ? { key, desc } : DEFAULT_SORT;
}

/** The sort back as its query value; undefined for the default order (a shorter address). */
export function sortParam(sort: LeadSort): string | undefined {
  if (sort.key === DEFAULT_SORT.key && sort.desc === DEFAULT_SORT.desc) return undefined;
  return `${sort.desc ? '-' : ''}${sort.key}`;
}

/** The filter back as query parameters (for links: next page, export). */
export function filterParams(filter: LeadFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value && key !== 'me') params.set(key, String(value));
  return params;
}

/** Query parameters of a page's `searchParams` (Next hands them over as a record). */
export function searchParamsOf(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) params.set(key, first);
  }
  return params;
}

/** A whole e-mail address: the index holds it as one word too, which finds it among a million at once. */
const EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u;

/**
 * The search as the database reads it: a prefix query over the words of name, e-mail and firm (a
 * whole e-mail address as the one word it is in the index, not as its parts, which every lead
 * with the same mail host shares), and, when the text holds three digits or more and nothing but
 * digits and phone punctuation, the phone's digits (so `9161234567`, `+7 916 123` and `123-45-67`
 * all find `+7 (916) 123-45-67`).
 */
export function searchTerms(q: string): { words?: string; digits?: string } {
  const terms = q
    .toLowerCase()
    .split(/\s+/)
    .flatMap((token) =>
      EMAIL.test(token)
        ? [token]
        : // Split where the index splits an e-mail too (`olga@zap` → olga, zap).
          (token.match(/[\p{L}\p{N}_-]+/gu) ?? []).map((word) => word.replace(/^[_-]+|[_-]+$/g, '')).filter(Boolean),
    )
    .slice(0, 8);
  // A lone letter or digit beside other words narrows nothing and, as a prefix, reads a large part
  // of the index; a whole e-mail is matched as the word it is, which the planner knows to be rare.
  const kept = terms.length > 1 ? terms.filter((term) => term.length > 1) : terms;
  const words = kept.map((term) => (EMAIL.test(term) ? `'${term}'` : `'${term}':*`)).join(' & ');
  const digits = /^[\d\s()+.-]+$/.test(q) ? q.replace(/\D/g, '') : '';
  return { words: words || undefined, digits: digits.length >= 3 ? digits : undefined };
}
