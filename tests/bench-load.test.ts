import { expect, it } from 'vitest';
import { LeadInputSchema } from '@/lib/leads/buy-demo';
import { leadPost } from '../benchmarks/lib/lead-load.mjs';

// The lead benchmarks (npm run bench, bench:leads, bench:flood) measure accepted leads: a post the
// server refuses would measure the refusal instead (it did, once the consent became required).
it('the lead benchmarks post a lead the server accepts', () => {
  const result = LeadInputSchema.safeParse(JSON.parse(leadPost('bench', 70_000).body));
  expect(result.error?.issues ?? []).toEqual([]);
  expect(result.success).toBe(true);
});
