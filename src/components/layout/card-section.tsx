import type { ReactNode } from 'react';

const LOOKS = {
  /** A tool of the page (the VIN check, the TIS calculator): a white card across the page. */
  tool: { section: 'container-page pb-4', card: 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:p-8' },
  /** A form below the page's text (the order form): a tinted card, a column wide. */
  form: { section: 'container-page py-10', card: 'max-w-2xl rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100 sm:p-8' },
} as const;

/**
 * A section of a page that is one card: its heading (labelling the section), a line of intro, and
 * what the card holds. `id` is the section's anchor; the heading's is `{id}-heading`.
 */
export function CardSection({ id, heading, intro, look, children }: { id: string; heading: ReactNode; intro: ReactNode; look: keyof typeof LOOKS; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={LOOKS[look].section}>
      <div className={LOOKS[look].card}>
        <h2 id={headingId} className="text-2xl font-bold text-brand-900">
          {heading}
        </h2>
        <p className={look === 'tool' ? 'mt-2 max-w-3xl text-muted' : 'mt-2 text-muted'}>{intro}</p>
        {children}
      </div>
    </section>
  );
}
