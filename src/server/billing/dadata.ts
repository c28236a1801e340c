import 'server-only';
import type { Env } from '../env';
import { describeError, getLogger } from '../logger';
import { countDadataLookup, type DadataOutcome } from '../metrics';

/** A company as the state register gives it (through DaData). */
export interface RegisterCompany {
  inn: string;
  /** The head office's (an organisation's); a sole proprietor has none. */
  kpp?: string;
  ogrn?: string;
  name: string;
  /** Legal address; DaData gives a sole proprietor's only down to the town. */
  address?: string;
  /** The head's full name (an organisation's). */
  director?: string;
  type: 'LEGAL' | 'INDIVIDUAL';
}

export type ClosedStatus = 'LIQUIDATING' | 'LIQUIDATED';

/** What a look-up found; `unavailable` is everything that is not the register's answer (slow, down, quota, bad key). */
export type CompanyLookup = { lookup: 'found'; company: RegisterCompany } | { lookup: 'notFound' } | { lookup: 'unavailable' } | { lookup: 'liquidated'; status: ClosedStatus };

export interface DadataService {
  base: string;
  key: string;
}

/** A look-up waits this long at most: past it, the customer types the details. */
const DADATA_TIMEOUT_MS = 3000;

/** DaData's address and key, or undefined when DADATA_API_KEY is unset (look-ups are off). */
export function dadataOf(env: Env): DadataService | undefined {
  return env.DADATA_API_KEY ? { base: env.DADATA_API_BASE, key: env.DADATA_API_KEY } : undefined;
}

interface PartyData {
  inn?: string;
  kpp?: string | null;
  ogrn?: string | null;
  type?: string;
  branch_type?: string | null;
  name?: { short_with_opf?: string | null; full_with_opf?: string | null } | null;
  address?: { value?: string | null; unrestricted_value?: string | null } | null;
  management?: { name?: string | null; post?: string | null } | null;
  state?: { status?: string } | null;
}

const isClosed = (status: string | undefined): status is ClosedStatus => status === 'LIQUIDATING' || status === 'LIQUIDATED';
const text = (value: string | null | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The record to read among those of one INN: the head office before a branch, and a live record
 * before a closed one (a person may have closed an earlier sole proprietorship and opened another).
 */
function chosenRecord(records: PartyData[]): PartyData | undefined {
  const rank = (data: PartyData) => (isClosed(data.state?.status) ? 2 : 0) + (data.branch_type === 'BRANCH' ? 1 : 0);
  return [...records].sort((a, b) => rank(a) - rank(b))[0];
}

function companyOf(data: PartyData, inn: string): RegisterCompany | undefined {
  const name = text(data.name?.short_with_opf) ?? text(data.name?.full_with_opf);
  if (!name) return undefined;
  const type = data.type === 'INDIVIDUAL' || inn.length === 12 ? 'INDIVIDUAL' : 'LEGAL';
  const kpp = type === 'LEGAL' ? text(data.kpp) : undefined;
  const ogrn = text(data.ogrn);
  const address = text(data.address?.unrestricted_value) ?? text(data.address?.value);
  const director = type === 'LEGAL' ? text(data.management?.name) : undefined;
  return { inn, type, name, ...(kpp ? { kpp } : {}), ...(ogrn ? { ogrn } : {}), ...(address ? { address } : {}), ...(director ? { director } : {}) };
}

/** What an answer other than 200 means, as counted and logged (its status only: no INN or name reaches a log line). */
const REFUSALS = { refused: 'the key is refused or the day’s quota is spent', busy: 'too many requests', failed: 'an error' } as const;

function refusalOutcome(status: number): keyof typeof REFUSALS {
  if (status === 401 || status === 403) return 'refused';
  if (status === 429) return 'busy';
  return 'failed';
}

function unavailable(outcome: DadataOutcome, detail: Record<string, unknown>, message: string): CompanyLookup {
  countDadataLookup(outcome);
  getLogger().warn({ service: 'dadata', outcome, ...detail }, message);
  return { lookup: 'unavailable' };
}

/**
 * Looks an INN up in the register through DaData (`findById/party`): an organisation's head
 * office, or a sole proprietor. Never throws and never waits past `timeoutMs`: a slow, failing or
 * refusing DaData (a bad key, the day's quota spent: 403) answers `unavailable`, and the
 * customer then types the details.
 */
export async function findCompany(service: DadataService, inn: string, timeoutMs = DADATA_TIMEOUT_MS): Promise<CompanyLookup> {
  const started = Date.now();
  const organisation = inn.length === 10;
  try {
    const response = await fetch(`${service.base}/suggestions/api/4_1/rs/findById/party`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Token ${service.key}` },
      // A sole proprietor's record has no branch type: the filter is for organisations only.
      body: JSON.stringify({ query: inn, type: organisation ? 'LEGAL' : 'INDIVIDUAL', ...(organisation ? { branch_type: 'MAIN' } : {}) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      const outcome = refusalOutcome(response.status);
      return unavailable(outcome, { status: response.status, ms: Date.now() - started }, `DaData answered ${response.status} (${REFUSALS[outcome]}): details typed by hand`);
    }
    const body = (await response.json()) as { suggestions?: Array<{ data?: PartyData }> };
    const records = (Array.isArray(body?.suggestions) ? body.suggestions : []).map((suggestion) => suggestion?.data).filter((data): data is PartyData => Boolean(data) && data?.inn === inn);
    const record = chosenRecord(records);
    if (!record) {
      countDadataLookup('not_found');
      return { lookup: 'notFound' };
    }
    const status = record.state?.status;
    if (isClosed(status)) {
      countDadataLookup('liquidated');
      return { lookup: 'liquidated', status };
    }
    const company = companyOf(record, inn);
    if (!company) return unavailable('failed', { ms: Date.now() - started }, 'DaData answered a record without a name: details typed by hand');
    countDadataLookup('found');
    return { lookup: 'found', company };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? unavailable('timeout', { ms: Date.now() - started }, `DaData gave no answer within ${timeoutMs} ms: details typed by hand`)
      : unavailable('failed', { err: describeError(error), ms: Date.now() - started }, 'DaData could not be reached or its answer read: details typed by hand');
  }
}
