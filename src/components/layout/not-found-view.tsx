import type { ReactNode } from 'react';
import { documentTitle as titled } from '@/lib/seo/page-metadata';
import { BrandLogo } from './brand-logo';

interface Props {
  title: string;
  /** Short text for the document title. */
  documentTitle?: string;
  homeLabel: string;
  homeHref: string;
  status?: number | string;
  /** What else the page offers (the VIN check, the products, contacts: NotFoundHelp). */
  children?: ReactNode;
}

/** The bare error screen: status, message, the way home and what else there is to do. */
export function NotFoundView({ title, documentTitle, homeLabel, homeHref, status = 404, children }: Props) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 bg-brand-50 px-4 py-12 text-center">
      <title>{titled(documentTitle ?? title)}</title>
      <a href={homeHref} className="rounded-md text-brand-900">
        <BrandLogo />
      </a>
      <p className="text-6xl font-extrabold text-brand-700">{status}</p>
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <a href={homeHref} className="btn-primary">
        {homeLabel}
      </a>
      {children}
    </main>
  );
}
