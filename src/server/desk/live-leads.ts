import 'server-only';
import { getDbHandle } from '@/server/database';
import { describeError, getLogger } from '../logger';
import { outsideRequest } from '../lifecycle/root-context';
import { onShutdown } from '../lifecycle/shutdown';

/** The channel the `leads_desk_notify` trigger (migration 0003) notifies on each stored lead. */
const LEADS_CHANNEL = 'desk_leads';
/** A LISTEN that could not start (the database down) is tried again this often while a desk is open. */
const RETRY_MS = 2_000;

/** An open desk: `lead` for each NOTIFY, `resync` when NOTIFYs may have been missed (read the table). */
export interface LeadSubscriber {
  lead: (payload: string) => void;
  resync: () => void;
}
interface LiveState {
  subscribers: Set<LeadSubscriber>;
  listening?: Promise<void>;
  retry?: NodeJS.Timeout;
}
const globalForLive = globalThis as typeof globalThis & { __deskLive?: LiveState };

function hub(): LiveState {
  globalForLive.__deskLive ??= { subscribers: new Set() };
  return globalForLive.__deskLive;
}

/**
 * One LISTEN per process, opened on the first subscriber and shared by every open desk: the
 * database tells it when a lead's transaction commits (PGlite in this process; PostgreSQL from
 * whichever instance stored it). The connection re-opens itself after a loss (src/db/listen.ts)
 * and then every open desk catches up from the table. A start that failed is tried again while a
 * desk is open; whenever it starts to listen, the desks open by then catch up too.
 */
function ensureListening(): void {
  const state = hub();
  if (state.listening) return;
  const everyone = (event: keyof LeadSubscriber, payload = '') => {
    for (const subscriber of state.subscribers) subscriber[event](payload);
  };
  clearTimeout(state.retry);
  state.retry = undefined;
  const start = outsideRequest(async () => {
    const handle = await getDbHandle();
    const stop = await handle.listen(LEADS_CHANNEL, (payload) => everyone('lead', payload), () => {
      getLogger().info('desk live updates: listening again after a lost connection');
      everyone('resync');
    });
    onShutdown(stop);
    // A desk that subscribed before the LISTEN took hold read the table before it did: a lead
    // committed in between told nobody. Each catches up from its last read (none are missed, and
    // a stream sends a lead once).
    everyone('resync');
  });
  state.listening = start;
  start.catch((error) => {
    getLogger().warn({ err: describeError(error) }, 'desk live updates: LISTEN failed');
    if (state.listening !== start) return;
    state.listening = undefined;
    if (!state.subscribers.size) return;
    state.retry = setTimeout(() => {
      if (state.subscribers.size) ensureListening();
      else state.retry = undefined;
    }, RETRY_MS);
    state.retry.unref();
  });
}

/** Tells `subscriber` of every new lead (`{"id","kind"}`) until the returned function is called. */
export function subscribeToLeads(subscriber: LeadSubscriber): () => void {
  const state = hub();
  state.subscribers.add(subscriber);
  ensureListening();
  return () => state.subscribers.delete(subscriber);
}

/** Tests: resolves once the process listens. */
export async function liveLeadsReady(): Promise<void> {
  ensureListening();
  await hub().listening;
}

/** Tests: forget the LISTEN of a database that was closed. */
export function resetLiveLeadsForTests(): void {
  clearTimeout(globalForLive.__deskLive?.retry);
  globalForLive.__deskLive = undefined;
}
