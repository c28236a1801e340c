/**
 * Runs once when the server starts: a misconfigured deploy fails here, not on the first lead.
 * Then the database is opened and migrated and the outbox worker starts (src/server/lifecycle).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEnv } = await import('./server/env');
  getEnv();
  const { startServerProcess } = await import('./server/lifecycle/start');
  await startServerProcess();
}
