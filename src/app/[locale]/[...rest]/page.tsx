import { notFound } from 'next/navigation';

/** Any unknown path below a locale: the translated 404 (next-intl's catch-all pattern). */
export default function CatchAllPage() {
  notFound();
}
