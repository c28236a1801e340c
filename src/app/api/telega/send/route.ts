import { FeedbackInputSchema } from '@/lib/validation/feedback';
import { acceptJsonLead } from '@/server/leads/accept-lead';
import { feedbackSummary } from '@/server/leads/summaries';

export const dynamic = 'force-dynamic';

/** The feedback dialog: store the lead, queue it for sales, answer `{ result: { success: true } }`. */
export function POST(request: Request) {
  return acceptJsonLead(request, FeedbackInputSchema, feedbackSummary);
}
