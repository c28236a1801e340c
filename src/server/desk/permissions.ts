import 'server-only';
import type { StaffRole } from './staff';

/**
 * What a role may do beyond reading the desk (every role sees and works the leads and sees the
 * invoices): `sales` cancels invoices (with a reason); `finance` also imports bank statements,
 * marks invoices paid and decides the payments nobody's invoice took; `admin` does all that and
 * manages staff, reads the security log and erases personal data.
 */
const GRANTS = {
  admin: ['manageStaff', 'eraseLeads', 'cancelInvoices', 'handleMoney'],
  finance: ['cancelInvoices', 'handleMoney'],
  sales: ['cancelInvoices'],
} as const satisfies Record<StaffRole, readonly string[]>;

export type DeskPermission = (typeof GRANTS)['admin'][number];

export function may(role: string, permission: DeskPermission): boolean {
  const granted: readonly string[] | undefined = GRANTS[role as StaffRole];
  return Boolean(granted?.includes(permission));
}
