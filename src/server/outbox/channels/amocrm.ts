import 'server-only';
import { callCrm, crmError, isRecord, retryAfterSeconds, snippet, type CrmAnswer } from '../../crm/http';
import { crmTitle, formText, leadAmountKopecks, leadCommentText, leadOfDelivery, pageUrl, titlePrefix, UTM_FIELDS, type LeadRecord } from '../../crm/lead-record';
import type { Channel } from './types';

export interface AmoCrmSettings {
  /** `https://<subdomain>.amocrm.ru` (or a Kommo account). */
  baseUrl: string;
  /** A private integration's long-lived token (a secret). */
  token: string;
  /** Straight into this pipeline (leads/complex); unset: the incoming leads (unsorted/forms). */
  pipelineId?: number;
  site: string;
  siteUrl?: string;
  deskUrl?: (leadId: string) => string | undefined;
  timeoutMs: number;
}

/** The marker our note starts with, so a retry finds whether the lead already has it. */
const NOTE_MARK = '#';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The contact of a lead: its name, and its phone and e-mail by their field codes. */
function contactOf(record: LeadRecord) {
  const values = (code: string, value: string) => (value ? [{ field_code: code, values: [{ value, enum_code: 'WORK' }] }] : []);
  return {
    name: formText(record, 'name', 250),
    custom_fields_values: [...values('PHONE', formText(record, 'phone', 50)), ...values('EMAIL', formText(record, 'email', 254))],
  };
}

/** The lead itself: title (which finds it again), the kind as a tag, the campaign in amoCRM's tracking fields. */
function leadOf(record: LeadRecord, settings: AmoCrmSettings) {
  const tracking = [...UTM_FIELDS.map((name) => [name.toUpperCase(), formText(record, name, 200)] as const), ['REFERRER', formText(record, 'referrer', 300)] as const]
    .filter(([, value]) => value)
    .map(([code, value]) => ({ field_code: code, values: [{ value }] }));
  const amount = leadAmountKopecks(record);
  return {
    name: crmTitle(settings.site, record),
    // amoCRM's budget is whole roubles: an invoice's total, rounded.
    ...(amount !== undefined ? { price: Math.round(amount / 100) } : {}),
    created_at: unix(record.createdAt),
    ...(settings.pipelineId ? { pipeline_id: settings.pipelineId } : {}),
    ...(tracking.length ? { custom_fields_values: tracking } : {}),
    _embedded: { tags: [{ name: record.kind }] },
  };
}

const companiesOf = (record: LeadRecord) => (formText(record, 'firm_name', 250) ? [{ name: formText(record, 'firm_name', 250) }] : []);

/** POST /api/v4/leads/complex: the lead in the pipeline, with its contact and company. */
function amoComplexBody(record: LeadRecord, settings: AmoCrmSettings) {
  const lead = leadOf(record, settings);
  return [{ ...lead, _embedded: { ...lead._embedded, contacts: [contactOf(record)], companies: companiesOf(record) } }];
}

/** POST /api/v4/leads/unsorted/forms: the lead among the incoming leads, as a form sent on the site. */
function amoUnsortedBody(record: LeadRecord, settings: AmoCrmSettings) {
  const sentAt = unix(record.createdAt);
  return [
    {
      request_id: String(record.number),
      source_uid: `${settings.site}-lead-${record.number}`,
      source_name: settings.site,
      created_at: sentAt,
      ...(settings.pipelineId ? { pipeline_id: settings.pipelineId } : {}),
      metadata: {
        form_id: record.kind,
        form_name: crmTitle(settings.site, record),
        form_page: pageUrl(record, settings.siteUrl) || settings.siteUrl || settings.site,
        ip: record.clientAddress ?? '',
        form_sent_at: sentAt,
        referer: formText(record, 'referrer', 300),
      },
      _embedded: { leads: [leadOf(record, settings)], contacts: [contactOf(record)], companies: companiesOf(record) },
    },
  ];
}

/**
 * amoCRM / Kommo (API v4, Bearer long-lived token): each lead goes to the incoming leads
 * (unsorted/forms, request_id = our number) or, with a pipeline, straight into it (leads/complex)
 * with its contact and company, tagged with its kind; every field, the campaign and the consent
 * record follow as a note. amoCRM keeps no key of ours it could refuse a second add by, so before
 * adding the channel looks for a lead whose title starts with «<site> №<number> · » (GET
 * /api/v4/leads?query=): a delivery whose commit was lost finds its lead instead of adding it twice.
 */
export function amoCrmChannel(settings: AmoCrmSettings): Channel {
  const secrets = [settings.token];
  const headers = { authorization: `Bearer ${settings.token}`, accept: 'application/json', 'content-type': 'application/json' };

  async function call(label: string, path: string, init: RequestInit = {}): Promise<CrmAnswer> {
    const answer = await callCrm(`amoCRM ${label}`, `${settings.baseUrl}${path}`, { ...init, headers }, settings.timeoutMs, secrets);
    const named = `amoCRM ${label}: ${answer.status}`;
    if (answer.status === 429) throw crmError(`${named} too many requests`, secrets, { retryAfter: retryAfterSeconds(answer.headers, 1) });
    if (answer.status === 401 || answer.status === 403) throw crmError(`${named}: the token was refused (revoked or expired, or without access)`, secrets);
    if (answer.status === 400 || answer.status === 422) throw crmError(`${named} refused: ${validationText(answer)}`, secrets, { permanent: true });
    if (answer.status === 204) return answer;
    if (answer.status < 200 || answer.status >= 300) throw crmError(`${named} ${snippet(answer.text, 100)}`, secrets);
    if (answer.json === undefined) throw crmError(`${named}: malformed answer`, secrets);
    return answer;
  }

  const leadUrl = (id: number) => `${settings.baseUrl}/leads/detail/${id}`;

  async function findLead(record: LeadRecord): Promise<number | undefined> {
    const prefix = titlePrefix(settings.site, record.number);
    const answer = await call('leads query', `/api/v4/leads?${new URLSearchParams({ query: prefix.trim().replace(/ ·$/, ''), limit: '50' })}`);
    if (answer.status === 204) return undefined;
    const found = embedded(answer.json, 'leads').find((lead) => typeof lead.name === 'string' && lead.name.startsWith(prefix));
    return typeof found?.id === 'number' ? found.id : undefined;
  }

  async function hasNote(id: number): Promise<boolean> {
    const answer = await call('notes', `/api/v4/leads/${id}/notes?${new URLSearchParams({ 'filter[note_type]': 'common', limit: '50' })}`);
    if (answer.status === 204) return false;
    return embedded(answer.json, 'notes').some((note) => isRecord(note.params) && typeof note.params.text === 'string' && note.params.text.startsWith(NOTE_MARK));
  }

  async function addLead(record: LeadRecord): Promise<number> {
    if (settings.pipelineId) {
      const answer = await call('leads/complex', '/api/v4/leads/complex', { method: 'POST', body: JSON.stringify(amoComplexBody(record, settings)) });
      const first = Array.isArray(answer.json) ? answer.json[0] : undefined;
      if (isRecord(first) && typeof first.id === 'number') return first.id;
      throw crmError('amoCRM leads/complex: malformed answer (no id)', secrets);
    }
    const answer = await call('unsorted/forms', '/api/v4/leads/unsorted/forms', { method: 'POST', body: JSON.stringify(amoUnsortedBody(record, settings)) });
    const unsorted = embedded(answer.json, 'unsorted')[0];
    const lead = isRecord(unsorted?._embedded) && Array.isArray(unsorted._embedded.leads) ? unsorted._embedded.leads[0] : undefined;
    if (isRecord(lead) && typeof lead.id === 'number') return lead.id;
    throw crmError('amoCRM unsorted/forms: malformed answer (no lead id)', secrets);
  }

  return {
    name: 'amocrm',
    async send(_payload, context) {
      const record = await leadOfDelivery(context);
      let id = await findLead(record);
      const created = id === undefined;
      id ??= await addLead(record);
      if (created || !(await hasNote(id))) {
        const text = `${NOTE_MARK}${record.number}\n${leadCommentText(record, settings.deskUrl?.(record.id))}`;
        await call('notes', '/api/v4/leads/notes', { method: 'POST', body: JSON.stringify([{ entity_id: id, note_type: 'common', params: { text } }]) });
      }
      return { externalUrl: leadUrl(id) };
    },
  };
}

/** `_embedded[name]` of an amoCRM answer, as records. */
function embedded(json: unknown, name: string): Array<Record<string, unknown>> {
  const list = isRecord(json) && isRecord(json._embedded) ? json._embedded[name] : undefined;
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** What a 400 named: `validation-errors[].errors[]` as «path: detail», or the problem's title and detail. */
function validationText(answer: CrmAnswer): string {
  const json = isRecord(answer.json) ? answer.json : undefined;
  const groups = Array.isArray(json?.['validation-errors']) ? json['validation-errors'] : [];
  const details = groups
    .flatMap((group) => (isRecord(group) && Array.isArray(group.errors) ? group.errors : []))
    .filter(isRecord)
    .map((error) => `${String(error.path ?? '')}: ${String(error.detail ?? error.code ?? '')}`);
  if (details.length) return snippet(details.join('; '));
  return snippet([json?.title, json?.detail].filter((part) => typeof part === 'string').join(': ') || answer.text);
}
