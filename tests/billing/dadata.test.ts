import { register } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findCompany } from '@/server/billing/dadata';
import { getLogger } from '@/server/logger';
import { initMetrics } from '@/server/metrics';
import { startDadataStandIn } from '../e2e/dadata-stand-in.mjs';

type StandIn = Awaited<ReturnType<typeof startDadataStandIn>>;

/** How many look-ups ended so, by the counter's label. */
async function counted(outcome: string): Promise<number> {
  initMetrics();
  const metric = await register.getSingleMetric('epcsu_dadata_lookups_total')?.get();
  return metric?.values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

describe('the DaData client against the stand-in', () => {
  let standIn: StandIn;
  let service: { base: string; key: string };
  beforeAll(async () => {
    standIn = await startDadataStandIn();
    service = { base: standIn.url, key: standIn.key };
  });
  afterEach(() => {
    standIn.setMode('ok');
    standIn.requests.length = 0;
    vi.restoreAllMocks();
  });
  afterAll(() => standIn.close());

  it('finds an organisation’s head office with its KPP, OGRN, legal address and director', async () => {
    const before = await counted('found');
    const found = await findCompany(service, '7707083893');
    expect(found).toEqual({
      lookup: 'found',
      company: {
        inn: '7707083893',
        type: 'LEGAL',
        kpp: '773601001',
        ogrn: '1027700132195',
        name: 'ПАО СБЕРБАНК',
        address: '117312, г Москва, Академический р-н, ул Вавилова, д 19',
        director: 'Греф Герман Оскарович',
      },
    });
    // As DaData's documentation has it: the key in a Token header, the head office of an organisation.
    expect(standIn.requests).toEqual([expect.objectContaining({ authorization: `Token ${standIn.key}`, body: { query: '7707083893', type: 'LEGAL', branch_type: 'MAIN' } })]);
    expect(await counted('found')).toBe(before + 1);
  });

  it('finds a sole proprietor’s current registration, not the closed earlier one, without a KPP or director', async () => {
    const found = await findCompany(service, '772512345622');
    expect(found).toEqual({ lookup: 'found', company: { inn: '772512345622', type: 'INDIVIDUAL', ogrn: '318774600123452', name: 'ИП Соколова Анна Викторовна', address: '115093, г Москва' } });
    expect(standIn.requests[0]?.body).toEqual({ query: '772512345622', type: 'INDIVIDUAL' });
  });

  it('says a liquidated or liquidating organisation is closed, and an unknown INN is not found', async () => {
    expect(await findCompany(service, '7709123453')).toEqual({ lookup: 'liquidated', status: 'LIQUIDATED' });
    expect(await findCompany(service, '7840123459')).toEqual({ lookup: 'liquidated', status: 'LIQUIDATING' });
    const before = await counted('not_found');
    expect(await findCompany(service, '7712345671')).toEqual({ lookup: 'notFound' });
    expect(await counted('not_found')).toBe(before + 1);
  });

  it('gives up on a slow DaData after 3 seconds', async () => {
    standIn.setMode({ mode: 'slow', seconds: 6 });
    const before = await counted('timeout');
    const started = performance.now();
    expect(await findCompany(service, '7707083893')).toEqual({ lookup: 'unavailable' });
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(2900);
    expect(waited).toBeLessThan(3600);
    expect(await counted('timeout')).toBe(before + 1);
  });

  it('answers `unavailable` when DaData fails, drops the connection, is busy or refuses the key', async () => {
    standIn.setMode('down');
    expect(await findCompany(service, '7707083893')).toEqual({ lookup: 'unavailable' });
    standIn.setMode({ mode: 'down', reset: true });
    expect(await findCompany(service, '7707083893')).toEqual({ lookup: 'unavailable' });
    standIn.setMode('busy');
    expect(await findCompany(service, '7707083893')).toEqual({ lookup: 'unavailable' });
    standIn.setMode('ok');
    expect(await findCompany({ ...service, key: 'not-the-key' }, '7707083893')).toEqual({ lookup: 'unavailable' });
    const closed = await startDadataStandIn();
    await closed.close();
    expect(await findCompany({ base: closed.url, key: closed.key }, '7707083893')).toEqual({ lookup: 'unavailable' });
  });

  it('counts a spent quota as refused and logs it without the INN', async () => {
    const warn = vi.spyOn(getLogger(), 'warn');
    standIn.setMode('quota');
    const before = await counted('refused');
    expect(await findCompany(service, '7707083893')).toEqual({ lookup: 'unavailable' });
    expect(await counted('refused')).toBe(before + 1);
    expect(warn).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).toContain('403');
    expect(logged).not.toContain('7707083893');
    expect(logged).not.toContain(standIn.key);
  });
});

describe('the DaData stand-in', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startDadataStandIn({ key: 'e2e-key' });
  });
  afterAll(() => standIn.close());

  const find = (headers: Record<string, string>, body: unknown = { query: '7707083893' }) =>
    fetch(`${standIn.url}/suggestions/api/4_1/rs/findById/party`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('answers as DaData: 401 without a key, 403 with another, the records of an INN or OGRN with its filters', async () => {
    expect((await find({})).status).toBe(401);
    expect((await find({ Authorization: 'Token other' })).status).toBe(403);
    const all = await (await find({ Authorization: 'Token e2e-key' })).json();
    expect(all.suggestions.map((suggestion: { data: { kpp: string } }) => suggestion.data.kpp)).toEqual(['773601001', '540602001']);
    const branch = await (await find({ Authorization: 'Token e2e-key' }, { query: '1027700132195', kpp: '540602001' })).json();
    expect(branch.suggestions).toHaveLength(1);
    expect(branch.suggestions[0].data.branch_type).toBe('BRANCH');
    expect((await (await find({ Authorization: 'Token e2e-key' }, { query: '7712345671' })).json()).suggestions).toEqual([]);
  });

  it('takes its mode over HTTP', async () => {
    const mode = await fetch(`${standIn.url}/__mode`, { method: 'POST', body: JSON.stringify({ mode: 'quota' }) });
    expect(await mode.json()).toEqual({ mode: 'quota' });
    const refused = await find({ Authorization: 'Token e2e-key' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ family: 'CLIENT_ERROR', reason: 'Forbidden' });
    expect((await fetch(`${standIn.url}/__mode`, { method: 'POST', body: JSON.stringify({ mode: 'nonsense' }) })).status).toBe(400);
    await fetch(`${standIn.url}/__mode`, { method: 'POST', body: JSON.stringify({ mode: 'ok' }) });
    expect((await find({ Authorization: 'Token e2e-key' })).status).toBe(200);
  });
});
