import { publicEnv } from '@/lib/public-env';
import { BrandLogo } from './brand-logo';

interface Props {
  title: string;
  /** Short text for the document title. */
  documentTitle?: string;
  homeLabel: string;
  homeHref: string;
  status?: number | string;
}

/** The bare error screen: status, message and the way home. */
export function NotFoundView({ title, documentTitle, homeLabel, homeHref, status = 404 }: Props) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-brand-50 px-4 text-center">
      <title>{`${documentTitle ?? title} — ${publicEnv.siteName}`}</title>
      <a href={homeHref} className="rounded-md text-brand-900">
        <BrandLogo />
      </a>
      <p className="text-6xl font-extrabold text-brand-700">{status}</p>
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <a href={homeHref} className="btn-primary">
        {homeLabel}
      </a>
    </main>
  );
}
