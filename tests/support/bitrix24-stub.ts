import { startJsonStub, type CrmStubMode, type StubAnswer, type StubRequest } from './json-stub';

interface StoredLead {
  ID: number;
  fields: Record<string, unknown>;
  /** When it was added (ms since the epoch). */
  at: number;
}

/**
 * A stand-in for a Bitrix24 portal's inbound webhook on 127.0.0.1: `POST /rest/<user>/<key>/<method>.json`
 * with a JSON body, answering as the REST documentation says: `{ result, time }` on success,
 * `{ error, error_description }` with its status on failure (401 for a wrong key, 503
 * QUERY_LIMIT_EXCEEDED when the request bucket is full, 400 for a field it will not take).
 * Methods: crm.lead.add, crm.lead.list (filter by ORIGINATOR_ID and ORIGIN_ID), crm.duplicate.findbycomm
 * (over the contacts given to `addContact`). Records every call and the leads it keeps. `setDelay`
 * makes it slow.
 */
export async function startBitrix24Stub(options: { key?: string } = {}) {
  const key = options.key ?? 'k3y5ecretw3bhook';
  let mode: CrmStubMode = 'ok';
  const leads: StoredLead[] = [];
  const contacts: Array<{ ID: number; phone?: string; email?: string }> = [];
  const calls: Array<{ method: string; body: Record<string, unknown> }> = [];
  let nextId = 100;
  let delayMs = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const ok = (result: unknown): StubAnswer => ({ status: 200, body: { result, time: { start: Date.now() / 1000 } } });
  const error = (status: number, code: string, description: string): StubAnswer => ({ status, body: { error: code, error_description: description } });

  const answer = (request: StubRequest): StubAnswer | undefined => {
    const match = /^\/rest\/(\d+)\/([^/]+)\/([a-z.]+)\.json$/.exec(request.url.pathname);
    if (!match) return error(404, 'ERROR_METHOD_NOT_FOUND', 'Method not found!');
    if (match[2] !== key || mode === 'unauthorized') return error(401, 'INVALID_CREDENTIALS', 'Invalid request credentials');
    if (mode === 'forbidden') return error(403, 'insufficient_scope', 'The request requires higher privileges than provided by the webhook token');
    const method = match[3]!;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body || '{}') as Record<string, unknown>;
    } catch {
      return error(400, 'INVALID_REQUEST', 'Malformed JSON');
    }
    calls.push({ method, body });
    if (mode === 'hang') return undefined;
    if (mode === 'fail') return error(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    if (mode === 'rate-limit') return error(503, 'QUERY_LIMIT_EXCEEDED', 'Too many requests');
    if (mode === 'rate-limit-200') return error(200, 'QUERY_LIMIT_EXCEEDED', 'Too many requests');
    if (mode === 'malformed') return { status: 200, raw: '<html>Bad gateway</html>' };
    switch (method) {
      case 'crm.lead.list': {
        const filter = (body.filter ?? {}) as Record<string, unknown>;
        const found = leads.filter((lead) => Object.entries(filter).every(([name, value]) => String(lead.fields[name]) === String(value)));
        return { status: 200, body: { result: found.map((lead) => ({ ID: String(lead.ID) })), total: found.length } };
      }
      case 'crm.lead.add': {
        const fields = (body.fields ?? {}) as Record<string, unknown>;
        if (mode === 'bad-field') return error(400, '', 'Поле "UTM_SOURCE" имеет недопустимое значение');
        if (!fields.TITLE) return error(400, '', 'Не заполнено обязательное поле "TITLE"');
        const lead = { ID: nextId++, fields, at: Date.now() };
        leads.push(lead);
        if (mode === 'swallow-add') return error(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
        return ok(lead.ID);
      }
      case 'crm.duplicate.findbycomm': {
        const values = (body.values ?? []) as string[];
        const found = contacts.filter((contact) => values.includes((body.type === 'EMAIL' ? contact.email : contact.phone) ?? '')).map((contact) => contact.ID);
        return ok(found.length ? { CONTACT: found } : []);
      }
      default:
        return error(404, 'ERROR_METHOD_NOT_FOUND', 'Method not found!');
    }
  };
  // A slow portal: a lookup answers, `delayMs` late, what it found when asked; an add takes
  // `delayMs` before its lead exists (a lookup meanwhile does not find it).
  const stub = await startJsonStub(async (request) => {
    if (delayMs <= 0) return answer(request);
    if (request.url.pathname.endsWith('/crm.lead.add.json')) {
      await sleep(delayMs);
      return answer(request);
    }
    const now = answer(request);
    await sleep(delayMs);
    return now;
  });

  return {
    /** The webhook address as BITRIX24_WEBHOOK_URL takes it. */
    webhookUrl: `${stub.url}/rest/1/${key}/`,
    key,
    leads,
    calls,
    setMode(next: CrmStubMode) {
      mode = next;
    },
    /** Every call answers `ms` late (0: at once); see the stub's handler for what a late add means. */
    setDelay(ms: number) {
      delayMs = ms;
    },
    addContact(contact: { phone?: string; email?: string }): number {
      const id = nextId++;
      contacts.push({ ID: id, ...contact });
      return id;
    },
    reset() {
      mode = 'ok';
      delayMs = 0;
      leads.length = 0;
      calls.length = 0;
      contacts.length = 0;
    },
    close: stub.close,
  };
}

export type Bitrix24Stub = Awaited<ReturnType<typeof startBitrix24Stub>>;
