import { buyDemoLead } from './buy-demo';
import { feedbackLead } from './feedback';
import { invoiceLead } from './invoice';
import type { LeadDefinition } from './lead-field';
import { orderLead } from './order';
import { registrationLead } from './registration';

/** Every kind of lead, each defined once (its schema and fields live beside its definition). */
export const LEAD_DEFINITIONS = [feedbackLead, buyDemoLead, orderLead, registrationLead, invoiceLead] as const;

/** Every kind a stored lead can have, in the definitions' order (the desk's filter and summary). */
export const LEAD_KINDS: readonly string[] = LEAD_DEFINITIONS.flatMap((definition) => definition.kinds);

/** The definition of a stored lead's kind. */
export function definitionOf(kind: string): LeadDefinition<Record<string, unknown>> | undefined {
  return LEAD_DEFINITIONS.find((definition) => definition.kinds.includes(kind)) as LeadDefinition<Record<string, unknown>> | undefined;
}

/** The labels of every kind's fields, in first-seen order: the export's columns. */
export function allFieldLabels(): string[] {
  return [...new Set(LEAD_DEFINITIONS.flatMap((definition) => definition.fields.map((field) => field.label)))];
}
