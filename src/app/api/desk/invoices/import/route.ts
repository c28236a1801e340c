import { statementImportAction } from '@/server/desk/statement-route';
import { deskSafely } from '@/server/desk/desk-unavailable';

export const dynamic = 'force-dynamic';

/** Finance uploads a bank statement: incoming payments matched to invoices. */
export const POST = deskSafely(async (request: Request) => {
  return statementImportAction(request);
});
