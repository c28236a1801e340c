import 'server-only';
import type { Staff } from '@/db/schema';
import { may } from './permissions';

/**
 * Whether a member of staff may work a lead (its status, notes, call back) without taking it
 * first: an admin any, one who may own leads their own or one nobody owns (working it takes it:
 * src/server/desk/lead-owner-actions.ts); finance none. What the lead's page offers; the route
 * decides by the same rules.
 */
export function mayActOnLead(actor: Pick<Staff, 'id' | 'role'>, lead: { ownerId: string | null }): boolean {
  if (may(actor.role, 'workAnyLead')) return true;
  return may(actor.role, 'ownLeads') && (lead.ownerId === null || lead.ownerId === actor.id);
}
