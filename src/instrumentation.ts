/** Runs once when the server starts: a misconfigured deploy fails here, not on the first lead. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getEnv } = await import('./server/env');
  getEnv();
}
