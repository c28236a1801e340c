/**
 * A token never stays in the address bar, where Metrica, the history and a shared link would see
 * it: it is taken out of the address without a reload.
 */
export function dropTokenFromAddress() {
  const current = new URL(location.href);
  if (!current.searchParams.has('token')) return;
  current.searchParams.delete('token');
  history.replaceState(history.state, '', `${current.pathname}${current.search}${current.hash}`);
}

/**
 * `?ref=<id>` scrolls smoothly to that element after 500 ms.
 * @param {URLSearchParams} params the page's query
 */
export function scrollToRef(params) {
  const ref = params.get('ref');
  if (ref) setTimeout(() => document.getElementById(ref)?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 500);
}
