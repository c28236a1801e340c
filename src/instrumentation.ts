/**
 * Runs once when the app process starts: a misconfigured deploy fails here, not on the first lead.
 * The edge checked the settings before it started this process; what only the app can check (the
 * desk's first-admin password, its working hours) is checked here, and a bad value ends the
 * process with its name, which ends the edge's start too (src/runtime/app-process.mjs).
 * Then the database is opened and migrated and the outbox worker starts (src/server/lifecycle).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Next.js prints a render's or a route's uncaught error whole: a failed statement's parameters must not reach the log.
  const { installSqlSafeConsole } = await import('./server/console-redaction');
  installSqlSafeConsole();
  const { getEnv } = await import('./server/env');
  try {
    getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const { startServerProcess } = await import('./server/lifecycle/start');
  await startServerProcess();
}
