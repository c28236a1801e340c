import type { Locale } from '@/site/locales.mjs';
import { hasContacts } from '@/server/company';
import { ContactLinks } from './contact-links';

/**
 * The sales contacts above the top bar, on every layout and width: one line of `h-8` that scrolls
 * away while the bar below it stays (the header sticks at `-top-8` when it is there). On a phone the
 * number is written out, the e-mail and the messenger are icons (32 px targets, named for screen
 * readers). Nothing when no contact is set.
 */
export function HeaderContacts({ locale }: { locale: Locale }) {
  if (!hasContacts) return null;
  return (
    <div className="bg-black/15 text-sm">
      <ContactLinks
        locale={locale}
        className="container-page flex h-8 items-center justify-end gap-x-2 overflow-hidden sm:gap-x-6"
        linkClassName="flex min-h-8 min-w-8 items-center justify-center gap-1.5 rounded-sm text-brand-100 hover:text-white hover:underline"
        textClassName="sr-only sm:not-sr-only"
      />
    </div>
  );
}

/** The header's sticky offset: with the contacts line, it scrolls away and the bar stays. */
export const headerStickyClass = hasContacts ? '-top-8' : 'top-0';
