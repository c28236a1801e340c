import { FeedbackInputSchema } from '@/lib/leads/feedback';
import { acceptJsonLead } from '@/server/leads/accept-lead';

export const dynamic = 'force-dynamic';

/** The feedback dialog: store the lead, queue it for sales, answer `{ result: { success: true } }`. */
export function POST(request: Request) {
  return acceptJsonLead(request, FeedbackInputSchema, { kind: () => 'feedback', lang: (_lead, locale) => locale, consentForm: 'feedbackDialog' });
}
