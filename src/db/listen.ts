import 'server-only';
import type { Client } from 'pg';

/** How often the listening connection is asked something cheap: a black-holed one fails the ask. */
const CHECK_MS = 10_000;
/** Reconnect waits: from the first to the last, doubling. */
const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 5_000;

/** Closes a client without waiting for a server that may never answer. */
function dropClient(client: Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  client.end().catch(() => {});
}

/**
 * LISTEN on a connection of its own that outlives the server's restarts and the network's faults:
 * an error or end of the connection, or a periodic `select 1` that fails (its query timeout bounds
 * a black hole), drops it and opens another with backoff, which listens again and calls
 * `onReconnect` (the NOTIFYs sent meanwhile were lost: the caller catches up from the table).
 * The first connection must succeed (else the promise rejects); later ones are retried for good.
 */
export async function listenWithReconnect(
  makeClient: () => Client,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  const statement = `LISTEN "${channel.replace(/"/g, '')}"`;
  let stopped = false;
  let current: Client | undefined;
  let check: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoff = BACKOFF_FIRST_MS;

  const open = async (): Promise<Client> => {
    const client = makeClient();
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(statement);
    } catch (error) {
      dropClient(client);
      throw error;
    }
    const lostThis = () => lost(client);
    client.on('error', lostThis);
    client.on('end', lostThis);
    return client;
  };

  const watch = (client: Client) => {
    current = client;
    backoff = BACKOFF_FIRST_MS;
    clearInterval(check);
    check = setInterval(() => void client.query('select 1').catch(() => lost(client)), CHECK_MS);
    check.unref();
  };

  const reconnect = () => {
    retry = undefined;
    if (stopped) return;
    open().then(
      (client) => {
        if (stopped) return dropClient(client);
        watch(client);
        onReconnect?.();
      },
      () => {
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
        schedule();
      },
    );
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(reconnect, backoff);
    retry.unref();
  };

  function lost(client: Client) {
    if (client !== current) return;
    current = undefined;
    clearInterval(check);
    dropClient(client);
    schedule();
  }

  watch(await open());
  return async () => {
    stopped = true;
    clearInterval(check);
    clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) await Promise.race([client.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  };
}
