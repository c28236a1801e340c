import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';

interface Props {
  id: string;
  locale: Locale;
  labels: { consent: string; link: string; newTab: string };
  error?: string;
  /** Ticked when the page was rendered (a form shown again with what was sent). */
  defaultChecked?: boolean;
}

/**
 * The separate consent to the processing of personal data (152-FZ) that every form collecting
 * it carries: an unticked, required checkbox `consent`, and beside it the consent text, which
 * opens in a new tab so that nothing typed is lost. Plain markup: the product pages' form renders
 * it on the server and works without scripts; the dialogs render the same.
 */
export function ConsentField({ id, locale, labels, error, defaultChecked }: Props) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="consent"
          value="on"
          defaultChecked={defaultChecked}
          required
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
        <div className="text-sm">
          <label htmlFor={id} className="font-semibold text-ink">
            {labels.consent}
          </label>{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>{' '}
          <a href={localizedPath(locale, 'about/consent')} target="_blank" rel="noopener" className="text-brand-700 underline">
            {labels.link}
            <span className="sr-only"> {labels.newTab}</span>
          </a>
        </div>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
