import { startJsonStub, type CrmStubMode, type StubAnswer } from './json-stub';

interface StoredLead {
  id: number;
  name: string;
  /** 'unsorted' (the incoming leads) or 'complex' (straight into a pipeline). */
  via: 'unsorted' | 'complex';
  request: Record<string, unknown>;
  /** When it was added (ms since the epoch). */
  at: number;
}

/**
 * A stand-in for an amoCRM / Kommo account's API v4 on 127.0.0.1, answering as its documentation
 * says: Bearer token (401 problem JSON otherwise); `POST /api/v4/leads/unsorted/forms` (array of
 * incoming leads with request_id, source_uid, source_name, metadata; answers `_embedded.unsorted[]`
 * with the lead's id), `POST /api/v4/leads/complex` (answers `[{ id, contact_id, company_id }]`),
 * `GET /api/v4/leads?query=` (204 when nothing matches), `POST /api/v4/leads/notes`,
 * `GET /api/v4/leads/<id>/notes`; 429 with Retry-After for the rate limit, 400 with
 * `validation-errors` for a field it will not take.
 */
export async function startAmoCrmStub(options: { token?: string; retryAfter?: number } = {}) {
  const token = options.token ?? 'amo-long-lived-token-0123456789';
  let mode: CrmStubMode = 'ok';
  const leads: StoredLead[] = [];
  const notes: Array<{ id: number; entity_id: number; text: string }> = [];
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  let nextId = 5000;

  const problem = (status: number, title: string, detail: string): StubAnswer => ({ status, body: { title, type: 'https://httpstatus.es/' + status, status, detail } });
  const invalid = (path: string, detail: string): StubAnswer => ({
    status: 400,
    body: { 'validation-errors': [{ request_id: '0', errors: [{ code: 'InvalidType', path, detail }] }], title: 'Bad Request', type: 'https://httpstatus.es/400', status: 400, detail: 'Request validation failed' },
  });

  const stub = await startJsonStub((request) => {
    if (request.headers.authorization !== `Bearer ${token}` || mode === 'unauthorized') return problem(401, 'Unauthorized', 'Access token has been revoked');
    if (mode === 'forbidden') return problem(403, 'Forbidden', 'Account is blocked');
    let body: unknown;
    try {
      body = request.body ? JSON.parse(request.body) : undefined;
    } catch {
      return problem(400, 'Bad Request', 'Malformed JSON');
    }
    const path = request.url.pathname;
    calls.push({ method: request.method, path: `${path}${request.url.search}`, body });
    if (mode === 'hang') return undefined;
    if (mode === 'fail') return problem(500, 'Internal Server Error', 'Internal error');
    if (mode === 'rate-limit') return { ...problem(429, 'Too Many Requests', 'Too many requests'), headers: { 'retry-after': String(options.retryAfter ?? 7) } };
    if (mode === 'malformed') return { status: 200, raw: '{"_embedded": ' };
    const adding = request.method === 'POST' && (path === '/api/v4/leads/unsorted/forms' || path === '/api/v4/leads/complex');
    if (adding && mode === 'bad-field') return invalid('0.custom_fields_values.0.field_code', 'This field code is unknown.');

    if (request.method === 'GET' && path === '/api/v4/leads') {
      const query = request.url.searchParams.get('query') ?? '';
      const found = leads.filter((lead) => lead.name.includes(query));
      if (!found.length) return { status: 204 };
      return { status: 200, body: { _page: 1, _embedded: { leads: found.map((lead) => ({ id: lead.id, name: lead.name })) } } };
    }
    if (request.method === 'POST' && path === '/api/v4/leads/unsorted/forms') {
      const items = body as Array<Record<string, unknown>>;
      const answers = [];
      for (const [index, item] of items.entries()) {
        for (const field of ['source_uid', 'source_name', 'metadata']) if (!(field in item)) return invalid(`${index}.${field}`, 'This field is missing.');
        const embedded = item._embedded as { leads: Array<{ name: string }> };
        const id = nextId++;
        leads.push({ id, name: embedded.leads[0]!.name, via: 'unsorted', request: item, at: Date.now() });
        answers.push({ uid: `uid-${id}`, account_id: 1, request_id: item.request_id, _embedded: { leads: [{ id }], contacts: [{ id: id + 100000 }], companies: [] } });
      }
      if (mode === 'swallow-add') return problem(502, 'Bad Gateway', 'upstream reset');
      return { status: 200, body: { _total_items: answers.length, _embedded: { unsorted: answers } } };
    }
    if (request.method === 'POST' && path === '/api/v4/leads/complex') {
      const items = body as Array<Record<string, unknown>>;
      const answers = items.map((item, index) => {
        const id = nextId++;
        leads.push({ id, name: String(item.name), via: 'complex', request: item, at: Date.now() });
        return { id, contact_id: id + 100000, company_id: null, request_id: [String(index)], merged: false };
      });
      if (mode === 'swallow-add') return problem(502, 'Bad Gateway', 'upstream reset');
      return { status: 200, body: answers };
    }
    if (request.method === 'POST' && path === '/api/v4/leads/notes') {
      const items = body as Array<{ entity_id: number; params: { text: string } }>;
      const added = items.map((item) => {
        const note = { id: nextId++, entity_id: item.entity_id, text: item.params.text };
        notes.push(note);
        return { id: note.id, entity_id: note.entity_id };
      });
      return { status: 200, body: { _embedded: { notes: added } } };
    }
    const notesOf = /^\/api\/v4\/leads\/(\d+)\/notes$/.exec(path);
    if (request.method === 'GET' && notesOf) {
      const found = notes.filter((note) => note.entity_id === Number(notesOf[1]));
      if (!found.length) return { status: 204 };
      return { status: 200, body: { _embedded: { notes: found.map((note) => ({ id: note.id, entity_id: note.entity_id, note_type: 'common', params: { text: note.text } })) } } };
    }
    return problem(404, 'Not Found', 'No such method');
  });

  return {
    baseUrl: stub.url,
    token,
    leads,
    notes,
    calls,
    setMode(next: CrmStubMode) {
      mode = next;
    },
    reset() {
      mode = 'ok';
      leads.length = 0;
      notes.length = 0;
      calls.length = 0;
    },
    close: stub.close,
  };
}

export type AmoCrmStub = Awaited<ReturnType<typeof startAmoCrmStub>>;
