import type { ReactNode } from 'react';

/**
 * The page's h1 and lead on a tinted band; its buttons (`children`), then anything `below` them.
 * `aside` (a picture of the product) stands beside the text from the `lg` breakpoint up and is not
 * shown below it: on a phone it would be the largest thing on the first screen, and the page's
 * first paint would wait for it; the page shows it further down there instead.
 */
export function PageHero({ heading, lead, children, below, aside }: { heading: string; lead: string; children?: ReactNode; below?: ReactNode; aside?: ReactNode }) {
  const text = (
    <>
      <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{heading}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-muted">{lead}</p>
      {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
      {below}
    </>
  );
  return (
    <div className="bg-linear-to-b from-brand-50 to-white">
      {aside ? (
        <div className="container-page py-10 sm:py-14 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-12 xl:grid-cols-[minmax(0,1fr)_26rem]">
          <div>{text}</div>
          <div className="hidden lg:block">{aside}</div>
        </div>
      ) : (
        <div className="container-page py-10 sm:py-14">{text}</div>
      )}
    </div>
  );
}
