import 'server-only';
import { getDbHandle } from '@/server/database';
import { describeError, getLogger } from '../logger';
import { outsideRequest } from '../lifecycle/root-context';
import { onShutdown } from '../lifecycle/shutdown';

/** The channel the `leads_desk_notify` trigger (migration 0003) notifies on each stored lead. */
const LEADS_CHANNEL = 'desk_leads';

type Listener = (payload: string) => void;
const globalForLive = globalThis as typeof globalThis & { __deskLive?: { listeners: Set<Listener>; listening?: Promise<void> } };

function hub() {
  globalForLive.__deskLive ??= { listeners: new Set() };
  return globalForLive.__deskLive;
}

/**
 * One LISTEN per process, opened on the first subscriber and shared by every open desk: the
 * database tells it when a lead's transaction commits (PGlite in this process; PostgreSQL from
 * whichever instance stored it). A failed start is tried again by the next subscriber.
 */
function ensureListening(): void {
  const state = hub();
  if (state.listening) return;
  const start = outsideRequest(async () => {
    const handle = await getDbHandle();
    const stop = await handle.listen(LEADS_CHANNEL, (payload) => {
      for (const listener of state.listeners) listener(payload);
    });
    onShutdown(stop);
  });
  state.listening = start;
  start.catch((error) => {
    getLogger().warn({ err: describeError(error) }, 'desk live updates: LISTEN failed');
    if (state.listening === start) state.listening = undefined;
  });
}

/** Calls `listener` with `{"id","kind"}` for every new lead until the returned function is called. */
export function subscribeToLeads(listener: Listener): () => void {
  const state = hub();
  state.listeners.add(listener);
  ensureListening();
  return () => state.listeners.delete(listener);
}

/** Tests: resolves once the process listens. */
export async function liveLeadsReady(): Promise<void> {
  ensureListening();
  await hub().listening;
}

/** Tests: forget the LISTEN of a database that was closed. */
export function resetLiveLeadsForTests(): void {
  globalForLive.__deskLive = undefined;
}
