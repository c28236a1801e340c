/**
 * How far ahead of the screen a product picture below the first screen starts loading, in px: the
 * distance Chromium keeps on a fast connection. Chromium's own lazy loading reaches further where it
 * judges the connection slow or unknown (2,500 px and more), and then loads, lays out and paints the
 * pictures, each an SVG document of its own, while the page is still loading (docs/decisions/053).
 */
export const AHEAD_PX = 1250;

/**
 * The product pictures below the first screen (`<figure data-defer>`, src/components/pictures/
 * product-picture.tsx) wait, where scripts run, with their box reserved and their image not shown
 * (src/app/globals.css, `@media (scripting: enabled)`), until they come within AHEAD_PX of the
 * screen: then this marks them `data-near`, the image is shown, and the browser's lazy loading
 * fetches it. Without scripts the rule does not apply and the image loads as the browser decides.
 * Before printing, every one is shown.
 */
export function deferPictures() {
  const figures = [...document.querySelectorAll('figure[data-defer]:not([data-near])')];
  if (!figures.length) return;
  /** @param {Element} figure */
  const show = (figure) => figure.setAttribute('data-near', '');
  const showAll = () => figures.forEach(show);
  addEventListener('beforeprint', showAll, { once: true });
  if (!window.IntersectionObserver) return showAll();
  const observer = new window.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        show(entry.target);
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: `${AHEAD_PX}px 0px` },
  );
  for (const figure of figures) observer.observe(figure);
}
