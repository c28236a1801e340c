// The sales desk in use beside the public lead path (the lead path must keep its figures
// while the desk is in use): staff sign in, then each loops over the list's first page, a word
// search and the CSV export of every lead, reading each answer whole, as fast as answers come.

/** The bench's desk admin, created by the server at start (DESK_ADMIN_EMAIL, DESK_ADMIN_PASSWORD). */
const BENCH_DESK_ADMIN = { email: 'bench-desk@example.com', password: 'bench-Desk-Admin-2026!' };
export const deskAdminEnv = { DESK_ADMIN_EMAIL: BENCH_DESK_ADMIN.email, DESK_ADMIN_PASSWORD: BENCH_DESK_ADMIN.password };

const DESK_PATHS = ['/ru/desk', '/ru/desk?q=bench', '/api/desk/export?locale=ru'];

/** Signs the bench's admin in; the session cookie as a `Cookie` header value. @param {string} base */
async function signIn(base) {
  const response = await fetch(`${base}/api/desk/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: BENCH_DESK_ADMIN.email, pw: BENCH_DESK_ADMIN.password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`desk sign-in answered ${response.status}`);
  return cookie;
}

/**
 * Starts `users` staff working the desk at `base`; `stop()` ends their loops and returns what they
 * did: requests answered 200, other answers, and the CSV rows exported.
 * @param {string} base @param {number} [users]
 */
export async function startDeskUse(base, users = 2) {
  const cookie = await signIn(base);
  const done = { requests: 0, refused: 0, exportedRows: 0 };
  let stopping = false;
  /** @param {number} offset */
  const work = async (offset) => {
    for (let step = offset; !stopping; step += 1) {
      const path = DESK_PATHS[step % DESK_PATHS.length] ?? '';
      const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
      const body = await response.text();
      if (response.status !== 200) done.refused += 1;
      else done.requests += 1;
      if (path.startsWith('/api/desk/export')) done.exportedRows += body.split('\r\n').length - 2;
    }
  };
  const loops = Array.from({ length: users }, (_, user) => work(user));
  return {
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return done;
    },
  };
}
