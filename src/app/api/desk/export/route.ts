import { getDb } from '@/server/database';
import { isLocale } from '@/lib/locales';
import { getEnv } from '@/server/env';
import { safely } from '@/server/http/safely';
import { guardDeskGet } from '@/server/desk/desk-request';
import { exportLeadsCsv } from '@/server/desk/lead-export';
import { parseLeadFilter } from '@/server/desk/lead-filter';

export const dynamic = 'force-dynamic';

/** GET /api/desk/export?{filter}&locale=: the filtered leads as CSV, streamed. */
export async function GET(request: Request) {
  const guarded = await guardDeskGet(request);
  if (!guarded.ok) return guarded.response;
  const params = new URL(request.url).searchParams;
  const requested = params.get('locale');
  const locale = isLocale(requested) ? requested : guarded.ctx.locale;
  return safely(locale, async () => {
    const body = exportLeadsCsv(await getDb(), parseLeadFilter(params), getEnv().DESK_WORKING_HOURS, locale);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
