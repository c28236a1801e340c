import { NotFoundView } from '@/components/layout/not-found-view';

/** A path outside both locales (the edge redirects most of them, so this is rare). */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <NotFoundView title="This page could not be found" documentTitle="Page not found" homeLabel="Go to the home page" homeHref="/" />
      </body>
    </html>
  );
}
