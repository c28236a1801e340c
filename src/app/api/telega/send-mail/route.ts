import { LeadInputSchema } from '@/lib/leads/buy-demo';
import { acceptJsonLead } from '@/server/leads/accept-lead';

export const dynamic = 'force-dynamic';

/** The buy/demo dialog: store the lead, queue it for sales, answer `{ result: { success: true } }`. */
export function POST(request: Request) {
  return acceptJsonLead(request, LeadInputSchema, { kind: (lead) => lead.t, lang: (lead) => lead.lang, consentForm: 'leadDialog' }, 'buyDemoSent');
}
