import { getCompany } from '@/server/billing/companies-route';

export const dynamic = 'force-dynamic';

/** A company's details from the register, by its INN. */
export async function GET(request: Request, { params }: { params: Promise<{ inn: string }> }) {
  return getCompany(request, (await params).inn);
}
