import { LeadInputSchema } from '@/lib/validation/lead';
import { acceptJsonLead } from '@/server/leads/accept-lead';
import { buyDemoSummary } from '@/server/leads/summaries';

export const dynamic = 'force-dynamic';

/** The buy/demo dialog: store the lead, queue it for sales, answer `{ result: { success: true } }`. */
export function POST(request: Request) {
  return acceptJsonLead(request, LeadInputSchema, buyDemoSummary);
}
