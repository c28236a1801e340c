import 'server-only';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { leads } from '@/db/schema';
import { getDb } from '@/server/database';
import { guardDeskGet } from './desk-request';
import { subscribeToLeads } from './live-leads';
import { staffSessionIsLive } from './staff-sessions';
import { isUuid } from '@/lib/uuid.mjs';

/** A comment this often keeps proxies from closing the idle stream, and re-checks the session. */
const HEARTBEAT_MS = 25_000;
/** At most this many missed leads are sent after a reconnect (the list page shows the rest). */
const MISSED_MAX = 200;

const leadEvent = (id: string, kind: string) => `id: ${id}\nevent: lead\ndata: ${JSON.stringify({ id, kind })}\n\n`;

/**
 * The leads stored after the one a browser saw last (its `Last-Event-ID`, or the last the stream
 * sent), oldest first; with `all`, the first leads there are (a stream that began on an empty table).
 */
async function missedSince(lastId: string | null | undefined, all = false): Promise<Array<{ id: string; kind: string }>> {
  const valid = isUuid(lastId);
  if (!valid && !all) return [];
  const db = await getDb();
  const seen = valid ? db.select({ createdAt: leads.createdAt }).from(leads).where(eq(leads.id, lastId!)) : undefined;
  return db
    .select({ id: leads.id, kind: leads.kind })
    .from(leads)
    .where(seen ? and(gt(leads.createdAt, sql`(${seen})`)) : undefined)
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(MISSED_MAX);
}

/** The newest lead's id: the stream's starting point, so that a reconnect knows what it has seen. */
async function newestLeadId(): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db.select({ id: leads.id }).from(leads).orderBy(sql`${leads.createdAt} desc`, sql`${leads.id} desc`).limit(1);
  return row?.id;
}

/**
 * GET /api/desk/events: server-sent events for an open desk, `event: lead` with `{"id","kind"}`
 * (and the lead's id as the event id) for each lead stored. On each heartbeat the session is
 * checked again, without counting as a use: signed out, expired, revoked or disabled, the stream
 * ends. A reconnect's `Last-Event-ID` gets the leads stored since, before the live ones.
 */
export async function liveLeadStream(request: Request, heartbeatMs = HEARTBEAT_MS): Promise<Response> {
  const guarded = await guardDeskGet(request);
  if (!guarded.ok) return guarded.response;
  const { sessionId } = guarded.ctx.session;
  const lastEventId = request.headers.get('last-event-id');
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const close = () => {
        cleanup();
        try {
          controller.close();
        } catch {}
      };
      // Live leads wait while the missed ones are read, so that none comes twice or out of order.
      const held: Array<{ id: string; kind: string }> = [];
      let catchingUp = true;
      /** The last lead sent (or the newest at the start): a catch-up reads from it. */
      let lastSent: string | null | undefined = lastEventId;
      /** The stream began on an empty table: a catch-up reads from the first lead. */
      let fromFirst = false;
      const sent = new Set<string>();
      const sendLead = (lead: { id: string; kind: string }) => {
        if (sent.has(lead.id)) return;
        sent.add(lead.id);
        if (sent.size > MISSED_MAX * 2) sent.delete(sent.values().next().value!);
        lastSent = lead.id;
        send(leadEvent(lead.id, lead.kind));
      };
      /** Sends what was stored since `lastSent`, then the live leads that came meanwhile. */
      const catchUp = async (first: boolean) => {
        catchingUp = true;
        try {
          const missed = await missedSince(lastSent, fromFirst);
          for (const lead of missed) sendLead(lead);
          if (first && !lastEventId && !held.length) {
            const newest = await newestLeadId();
            if (newest) {
              lastSent = newest;
              send(`id: ${newest}\n\n`);
            } else fromFirst = true;
          }
          if (missed.length) fromFirst = false;
        } finally {
          catchingUp = false;
          for (const lead of held.splice(0)) sendLead(lead);
        }
      };
      /** The catch-ups, one after another: a resync reads from where the one before it ended. */
      let resyncing: Promise<void> = Promise.resolve();
      const unsubscribe = subscribeToLeads({
        lead: (payload) => {
          let lead: { id?: unknown; kind?: unknown };
          try {
            lead = JSON.parse(payload) as typeof lead;
          } catch {
            return;
          }
          if (!isUuid(lead.id)) return;
          const item = { id: lead.id, kind: String(lead.kind ?? '') };
          if (catchingUp) held.push(item);
          else sendLead(item);
        },
        // The LISTEN took hold after this stream's first read, or was lost and is back: what was
        // stored meanwhile comes from the table.
        resync: () => {
          resyncing = resyncing.then(() => catchUp(false)).catch(() => {});
        },
      });
      const heartbeat = setInterval(() => {
        void staffSessionIsLive(sessionId).then(
          (alive) => (alive ? send(': ping\n\n') : close()),
          () => send(': ping\n\n'),
        );
      }, heartbeatMs);
      cleanup = () => {
        closed = true;
        unsubscribe();
        clearInterval(heartbeat);
      };
      request.signal.addEventListener('abort', close);
      send('retry: 3000\n\n');
      // First, before any resync: a resync needs the starting point this read sets.
      resyncing = catchUp(true);
      await resyncing;
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no', Connection: 'keep-alive' },
  });
}
