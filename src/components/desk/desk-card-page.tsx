import type { ReactNode } from 'react';
import { BrandLogo } from '@/components/layout/brand-logo';

/** A narrow page with one card (sign-in, second factor): the brand above, no navigation. */
export function DeskCardPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center px-4 py-12">
      <BrandLogo />
      <div className="mt-8 w-full max-w-md rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        <p className="mt-2 mb-6 text-muted">{intro}</p>
        {children}
      </div>
    </main>
  );
}
