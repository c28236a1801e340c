import 'server-only';
import type { Staff } from '@/db/schema';

/**
 * Whether a member of staff may work a lead (set its call back): an admin any, the owner theirs,
 * anyone a lead nobody owns. The one place this is decided, for the ownership rules to extend.
 */
export function mayActOnLead(actor: Pick<Staff, 'id' | 'role'>, lead: { ownerId: string | null }): boolean {
  return actor.role === 'admin' || lead.ownerId === null || lead.ownerId === actor.id;
}
