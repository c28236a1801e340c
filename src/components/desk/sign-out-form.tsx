import type { Locale } from '@/site/locales.mjs';

/** Ends the desk session on the server (`POST /api/desk/logout`), then the sign-in page in `locale`. */
export function SignOutForm({ locale, label, className, buttonClassName }: { locale: Locale; label: string; className?: string; buttonClassName: string }) {
  return (
    <form method="post" action="/api/desk/logout" className={className}>
      <input type="hidden" name="locale" value={locale} />
      <button type="submit" className={buttonClassName}>
        {label}
      </button>
    </form>
  );
}
