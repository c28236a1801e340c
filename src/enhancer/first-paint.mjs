/**
 * Runs `then` once the page has loaded and has been painted (its first contentful paint), or 1 s
 * after the load where the browser does not say when it paints. What starts then is no part of
 * the page's first paint, and Lighthouse's simulation does not count it into it: it counts every
 * request that began before the paint it measures, and a page as small as these has loaded before
 * its first paint (docs/decisions/053).
 * @param {() => void} then
 */
export function afterFirstPaint(then) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    then();
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const loaded = () => {
    if (painted()) return run();
    setTimeout(run, 1000);
    try {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        run();
      }).observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing: the timeout above runs it.
    }
  };
  if (document.readyState === 'complete') loaded();
  else addEventListener('load', loaded, { once: true });
}
