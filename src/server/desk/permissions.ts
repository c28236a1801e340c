import 'server-only';
import { STAFF_ROLES, type StaffRole } from './staff';

/**
 * What a role may do beyond reading the desk (every role sees and works the leads and sees the
 * invoices): `sales` cancels invoices (with a reason); `finance` also imports bank statements,
 * marks invoices paid and decides the payments nobody's invoice took; `admin` does all that and
 * manages staff, reads the security log and erases personal data. Leads: `ownLeads` (sales, admin)
 * may be on duty, be given a lead, take one and work (status, note, hand over) those they own;
 * `workAnyLead` (admin) works and hands over any lead; finance reads them.
 */
const GRANTS = {
  admin: ['manageStaff', 'eraseLeads', 'cancelInvoices', 'handleMoney', 'ownLeads', 'workAnyLead'],
  finance: ['cancelInvoices', 'handleMoney'],
  sales: ['cancelInvoices', 'ownLeads'],
} as const satisfies Record<StaffRole, readonly string[]>;

export type DeskPermission = (typeof GRANTS)['admin'][number];

export function may(role: string, permission: DeskPermission): boolean {
  const granted: readonly string[] | undefined = GRANTS[role as StaffRole];
  return Boolean(granted?.includes(permission));
}

/** The roles a permission is granted to (for a query that picks staff by role). */
export const rolesThatMay = (permission: DeskPermission): StaffRole[] => STAFF_ROLES.filter((role) => may(role, permission));
