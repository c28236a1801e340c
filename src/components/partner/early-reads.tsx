import type { Locale } from '@/site/locales.mjs';
import { TOKEN_KEY } from '@/lib/token-store';

/** In a path of EarlyReads, the last segment of the page's address (an invoice's id), as the page's scripts encode it. */
export const ADDRESS_ID = '{id}';

/**
 * The script: with a stored token, each read is started with the headers the API client sends
 * (src/components/api/api-client.ts) and kept by its path, with when it started. Storage that
 * cannot be read or an address that cannot be decoded starts nothing; the client then reads as
 * before.
 */
function readsScript(locale: Locale, paths: readonly string[]): string {
  const id = `encodeURIComponent(decodeURIComponent(location.pathname.split('/').filter(Boolean).pop()||''))`;
  return (
    `(function(){try{var t=localStorage.getItem(${JSON.stringify(TOKEN_KEY)});if(!t)return;` +
    `var h={Accept:'application/json','Accept-Language':${JSON.stringify(locale)},Authorization:'Bearer '+t},r=window.__epcReads={},i=${id};` +
    `${JSON.stringify(paths)}.forEach(function(p){p=p.replace(${JSON.stringify(ADDRESS_ID)},i);var f=fetch('/'+p,{headers:h,credentials:'same-origin'});f.catch(function(){});r[p]={at:Date.now(),response:f}})}catch(e){}})()`
  );
}

/**
 * The API reads a partner-area page needs to show anything, started as its document is parsed
 * rather than once its scripts have come and run: the page's content then waits on its scripts
 * alone, not on its scripts and then a round trip for its data. The session token stays where the
 * sign-in keeps it (the browser's storage, sent as `Authorization: Bearer`), so the server cannot
 * render the partner's data itself; this is the most the page can start before its scripts.
 * The API client takes each read once (`window.__epcReads`); anything it asks for again, or that
 * was not started here, it fetches itself. Kept in the document by the build (`data-eager`,
 * src/build/lazy-boot.mjs), its hash in the page's policy as for every inline script.
 */
export function EarlyReads({ locale, paths }: { locale: Locale; paths: readonly string[] }) {
  return <script data-eager="" dangerouslySetInnerHTML={{ __html: readsScript(locale, paths) }} />;
}
