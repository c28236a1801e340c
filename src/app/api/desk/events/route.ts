import { guardDeskGet } from '@/server/desk/desk-request';
import { subscribeToLeads } from '@/server/desk/live-leads';

export const dynamic = 'force-dynamic';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/desk/events: server-sent events for an open desk, `event: lead` with `{"id","kind"}`
 * for each lead stored; a comment every 25 s keeps proxies from closing the idle stream.
 */
export async function GET(request: Request) {
  const guarded = await guardDeskGet(request);
  if (!guarded.ok) return guarded.response;
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = subscribeToLeads((payload) => send(`event: lead\ndata: ${payload.replace(/\n/g, ' ')}\n\n`));
      const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
      cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
      };
      request.signal.addEventListener('abort', () => {
        cleanup();
        try {
          controller.close();
        } catch {}
      });
      send('retry: 3000\n\n');
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' },
  });
}
