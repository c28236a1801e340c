/**
 * What the sign-in page's check marks the page with when it was reached by `?message=session` (the
 * session ended; src/lib/partner/partner-paths.ts). The check runs as the page is parsed, before
 * the notice and before the first paint, so the notice is in place from the first paint and the
 * form under it never moves (React showing it after hydration shifted the form: CLS 0.057 at 412
 * px). Every arrival there is a whole page's load (`location.assign`/`replace`), which runs it.
 * Kept in the document by the build (`data-eager`, src/build/lazy-boot.mjs); its hash is in the
 * page's policy as for every inline script of a pre-rendered page.
 */
const SESSION_CHECK = `new URLSearchParams(location.search).get('message')==='session'&&document.documentElement.setAttribute('data-session','expired')`;

/** Shown on the sign-in page when it was reached by `?message=session`: hidden unless the check above marked the page (src/app/globals.css). */
export function SessionNotice({ text }: { text: string }) {
  return (
    <>
      <script data-eager="" dangerouslySetInnerHTML={{ __html: SESSION_CHECK }} />
      <p role="status" data-session-notice="" className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200">
        {text}
      </p>
    </>
  );
}
