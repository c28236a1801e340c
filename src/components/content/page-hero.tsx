import type { ReactNode } from 'react';

/** The page's h1 and lead on a tinted band; its buttons (`children`), then anything `below` them. */
export function PageHero({ heading, lead, children, below }: { heading: string; lead: string; children?: ReactNode; below?: ReactNode }) {
  return (
    <div className="bg-linear-to-b from-brand-50 to-white">
      <div className="container-page py-10 sm:py-14">
        <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{heading}</h1>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-muted">{lead}</p>
        {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
        {below}
      </div>
    </div>
  );
}
