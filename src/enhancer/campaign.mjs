/**
 * The visit's campaign, for the lead forms (src/components/dialogs/visit-attribution.ts): the
 * landing page's query (its utm_* and other campaign parameters) and the site that referred the
 * visitor, kept in this tab's sessionStorage while the visitor moves between pages. A new arrival
 * (from another site, or by a campaign link) starts it again; a page of the visit without either
 * leaves it.
 * @param {URLSearchParams} params the page's query
 */
export function rememberVisit(params) {
  try {
    const visitKey = 'epc:visit';
    const referrer = document.referrer ? new URL(document.referrer).origin : '';
    const external = referrer && referrer !== location.origin ? referrer : '';
    const campaign = [...params.keys()].some((key) => key.startsWith('utm_'));
    if (campaign || external || !sessionStorage.getItem(visitKey)) {
      sessionStorage.setItem(visitKey, JSON.stringify({ query: location.search.slice(0, 2000), referrer: external }));
    }
  } catch {
    // No storage: the forms send the page alone.
  }
}

/**
 * Links marked `data-carry="utm"` take over the utm_* parameters of the current address (those the
 * link does not set itself).
 * @param {URLSearchParams} params the page's query
 */
export function carryUtm(params) {
  for (const anchor of document.querySelectorAll('a[data-carry]')) {
    const [beforeHash = '', hash = ''] = (anchor.getAttribute('href') ?? '').split('#');
    const [path = '', query = ''] = beforeHash.split('?');
    const merged = new URLSearchParams(query);
    params.forEach((value, key) => {
      if (key.startsWith('utm_') && !merged.has(key)) merged.append(key, value);
    });
    const search = merged.toString();
    anchor.setAttribute('href', `${path}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`);
  }
}
