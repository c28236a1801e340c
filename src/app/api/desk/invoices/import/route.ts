import { statementImportAction } from '@/server/desk/statement-route';

export const dynamic = 'force-dynamic';

/** Finance uploads a bank statement: incoming payments matched to invoices. */
export async function POST(request: Request) {
  return statementImportAction(request);
}
