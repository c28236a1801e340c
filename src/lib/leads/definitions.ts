import { buyDemoLead } from './buy-demo';
import { feedbackLead } from './feedback';
import { invoiceLead } from './invoice';
import type { LeadDefinition, LeadField } from './lead-field';
import { orderLead } from './order';
import { registrationLead } from './registration';

/** Every kind of lead, each defined once (its schema and fields live beside its definition). */
export const LEAD_DEFINITIONS = [feedbackLead, buyDemoLead, orderLead, registrationLead, invoiceLead] as const;

/** A kind a stored lead can have. */
export type LeadKind = (typeof LEAD_DEFINITIONS)[number]['kinds'][number];

/** Every kind a stored lead can have, in the definitions' order (the desk's filter and summary). */
export const LEAD_KINDS: readonly LeadKind[] = LEAD_DEFINITIONS.flatMap((definition) => definition.kinds);

/** Whether a stored kind is one of the definitions' (a row's `kind` column is only text). */
export const isLeadKind = (kind: string): kind is LeadKind => (LEAD_KINDS as readonly string[]).includes(kind);

/** The definition of a stored lead's kind. */
export function definitionOf(kind: string): LeadDefinition<Record<string, unknown>> | undefined {
  return LEAD_DEFINITIONS.find((definition) => (definition.kinds as readonly string[]).includes(kind)) as LeadDefinition<Record<string, unknown>> | undefined;
}

/** The labels of every kind's fields, in first-seen order: the export's columns. */
export function allFieldLabels(): Array<LeadField<unknown>['label']> {
  return [...new Set(LEAD_DEFINITIONS.flatMap((definition) => definition.fields.map((field) => field.label)))];
}
