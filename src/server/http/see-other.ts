import 'server-only';

/**
 * 303 back to a page of the site after a form post (the browser GETs it, so a reload does not
 * post again), never cached, with the cookies the post set.
 */
export function seeOther(path: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ Location: path, 'Cache-Control': 'no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}
