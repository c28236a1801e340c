import { useEffect, type RefObject } from 'react';
import { useCountryNames } from './countries';
import { askVisitorCountry } from './visitor-country';

/**
 * The visitor's country (GeoIP, `askVisitorCountry`) chosen for them in a form's `country_name`
 * select once the form is first shown (its dialog opened, its view shown: the feedback dialog,
 * registration in the auth dialog and on the sign-in page), still changeable; nothing when the
 * visitor has chosen already or the server does not know the country. Asked only then, so a page
 * whose form is never shown never asks.
 */
export function useVisitorCountryChoice(formRef: RefObject<HTMLFormElement | null>) {
  const { nameOf } = useCountryNames();
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let asked = false;
    const choose = () => {
      // Shown: laid out, that is neither in a closed dialog nor in a hidden view.
      if (asked || form.getClientRects().length === 0) return;
      asked = true;
      void askVisitorCountry().then((code) => {
        const label = code ? nameOf(code) : undefined;
        const select = form.querySelector<HTMLSelectElement>('select[name="country_name"]');
        if (label && select && !select.value) select.value = label;
      });
    };
    choose();
    // A dialog opening, a view shown (the page's enhancer toggles `open` and `hidden`).
    const watch = new MutationObserver(choose);
    watch.observe(form.closest('dialog') ?? form.closest('[data-auth-views]') ?? document.body, { attributes: true, attributeFilter: ['open', 'hidden'], subtree: true });
    return () => watch.disconnect();
  }, [formRef, nameOf]);
}
