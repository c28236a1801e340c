import 'server-only';
import { roubles } from '@/lib/billing/invoice';
import { callCrm, crmError, isRecord, snippet } from '../../crm/http';
import { crmTitle, formText, leadAmountKopecks, leadCommentText, leadOfDelivery, pageUrl, UTM_FIELDS, type LeadRecord } from '../../crm/lead-record';
import type { Channel } from './types';

export interface Bitrix24Settings {
  /** The inbound webhook, `https://<portal>/rest/<user>/<key>/` (the key is a secret). */
  webhookUrl: string;
  /** `link`: attach the new lead to the contact with its phone or e-mail. */
  duplicates: 'off' | 'link';
  /** ORIGINATOR_ID: names this site, so that ORIGIN_ID (our number) finds the lead again. */
  originator: string;
  /** The site's name in the title. */
  site: string;
  siteUrl?: string;
  deskUrl?: (leadId: string) => string | undefined;
  timeoutMs: number;
}

/** Bitrix24's answers that only ask to wait: its leaky bucket (2 a second) is full, or the portal is overloaded. */
const WAIT_ERRORS = new Set(['QUERY_LIMIT_EXCEEDED', 'OVERLOAD_LIMIT', 'OPERATION_TIME_LIMIT']);

/** Escapes text for COMMENTS, which Bitrix24 shows as HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The crm.lead.add fields of a lead: every field mapped, and the rest (with the consent record) in COMMENTS. */
function bitrix24LeadFields(record: LeadRecord, settings: Pick<Bitrix24Settings, 'originator' | 'site' | 'siteUrl' | 'deskUrl'>): Record<string, unknown> {
  const multi = (value: string) => (value ? [{ VALUE: value, VALUE_TYPE: 'WORK' }] : undefined);
  const page = pageUrl(record, settings.siteUrl);
  const referrer = formText(record, 'referrer', 300);
  const amount = leadAmountKopecks(record);
  const fields: Record<string, unknown> = {
    TITLE: crmTitle(settings.site, record),
    NAME: formText(record, 'name', 100),
    PHONE: multi(formText(record, 'phone', 50)),
    EMAIL: multi(formText(record, 'email', 254)),
    COMPANY_TITLE: formText(record, 'firm_name', 200) || undefined,
    ADDRESS_COUNTRY: formText(record, 'country_name', 100) || undefined,
    ADDRESS_CITY: formText(record, 'city', 100).replace(/^-$/, '') || undefined,
    COMMENTS: html(leadCommentText(record, settings.deskUrl?.(record.id))).replace(/\n/g, '<br>'),
    SOURCE_ID: 'WEB',
    SOURCE_DESCRIPTION: [settings.site, page, referrer ? `← ${referrer}` : ''].filter(Boolean).join(' '),
    ORIGINATOR_ID: settings.originator,
    ORIGIN_ID: String(record.number),
    OPENED: 'Y',
    // An invoice's total is the lead's expected amount.
    ...(amount !== undefined ? { OPPORTUNITY: roubles(amount), CURRENCY_ID: 'RUB' } : {}),
  };
  for (const name of UTM_FIELDS) fields[name.toUpperCase()] = formText(record, name, 200) || undefined;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * Bitrix24 over its inbound webhook (REST, JSON): each lead becomes a lead there (crm.lead.add),
 * with ORIGINATOR_ID + ORIGIN_ID = this site + our number. Before adding, crm.lead.list looks for
 * that pair, so a delivery whose commit was lost (a crash after Bitrix24's answer) finds the lead
 * instead of adding it twice. With `duplicates: 'link'` the lead is attached to the contact that
 * already has its phone or e-mail (crm.duplicate.findbycomm). The address holds the key: it is
 * never in an error, the log or the desk.
 */
export function bitrix24Channel(settings: Bitrix24Settings): Channel {
  const key = /\/rest\/\d+\/([^/]+)\/$/.exec(new URL(settings.webhookUrl).pathname)?.[1] ?? '';
  const secrets = [settings.webhookUrl, key];
  const portal = new URL(settings.webhookUrl).origin;

  async function call(method: string, body: unknown): Promise<unknown> {
    const label = `Bitrix24 ${method}`;
    const answer = await callCrm(label, `${settings.webhookUrl}${method}.json`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) }, settings.timeoutMs, secrets);
    const json = isRecord(answer.json) ? answer.json : undefined;
    const error = typeof json?.error === 'string' ? json.error : undefined;
    const description = typeof json?.error_description === 'string' ? json.error_description : '';
    const named = error !== undefined ? `${answer.status} ${error}${description ? `: ${snippet(description)}` : ''}` : `${answer.status}`;
    if (error && WAIT_ERRORS.has(error)) throw crmError(`${label}: ${named}`, secrets, { retryAfter: 2 });
    if (answer.status === 401 || answer.status === 403) throw crmError(`${label}: the webhook was refused (${named}); is it revoked, or without the crm scope?`, secrets);
    // A request Bitrix24 will never take (a bad field): retrying cannot help.
    if (answer.status === 400 && error !== undefined) throw crmError(`${label}: refused: ${named}`, secrets, { permanent: true });
    if (error !== undefined || answer.status < 200 || answer.status >= 300) throw crmError(`${label}: ${named}${json ? '' : ` ${snippet(answer.text, 100)}`}`, secrets);
    if (!json || !('result' in json)) throw crmError(`${label}: malformed answer (${answer.status})`, secrets);
    return json.result;
  }

  const leadUrl = (id: unknown) => `${portal}/crm/lead/details/${encodeURIComponent(String(id))}/`;

  /** The contact that already has this phone or e-mail, if any. */
  async function contactOf(record: LeadRecord): Promise<number | undefined> {
    for (const [type, value] of [['PHONE', formText(record, 'phone', 50)], ['EMAIL', formText(record, 'email', 254)]] as const) {
      if (!value) continue;
      const found = await call('crm.duplicate.findbycomm', { type, values: [value], entity_type: 'CONTACT' });
      const ids = isRecord(found) && Array.isArray(found.CONTACT) ? found.CONTACT : [];
      const id = Number(ids[0]);
      if (Number.isInteger(id) && id > 0) return id;
    }
    return undefined;
  }

  return {
    name: 'bitrix24',
    async send(_payload, context) {
      const record = await leadOfDelivery(context);
      const existing = await call('crm.lead.list', { filter: { ORIGINATOR_ID: settings.originator, ORIGIN_ID: String(record.number) }, select: ['ID'] });
      const found = Array.isArray(existing) ? existing.find((lead) => isRecord(lead) && lead.ID !== undefined) : undefined;
      if (isRecord(found)) return { externalUrl: leadUrl(found.ID) };
      const fields = bitrix24LeadFields(record, settings);
      if (settings.duplicates === 'link') {
        const contact = await contactOf(record);
        if (contact) fields.CONTACT_ID = contact;
      }
      const id = await call('crm.lead.add', { fields, params: { REGISTER_SONET_EVENT: 'Y' } });
      if (typeof id !== 'number' && typeof id !== 'string') throw crmError('Bitrix24 crm.lead.add: malformed answer (no id)', secrets);
      return { externalUrl: leadUrl(id) };
    },
  };
}
