'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** How long the search waits after the last key before the list follows it. */
const TYPING_PAUSE_MS = 500;

/**
 * Makes the list's GET form apply itself: a changed select or date goes to the form's address at
 * once, the search after a pause in typing; each is a new entry in the browser's history, so Back
 * returns to the filter before. Without scripts the form keeps its button; with them it is hidden.
 */
export function FilterAutoApply({ formId }: { formId: string }) {
  const router = useRouter();
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const submit = form.querySelector<HTMLElement>('[data-apply]');
    if (submit) submit.hidden = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      clearTimeout(timer);
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim()) params.set(name, value.trim());
      const search = params.toString();
      const target = `${new URL(form.action).pathname}${search ? `?${search}` : ''}`;
      if (target !== `${location.pathname}${location.search}`) router.push(target, { scroll: false });
    };
    const onChange = (event: Event) => {
      if ((event.target as HTMLElement).matches('input[type="search"]')) return;
      go();
    };
    const onInput = (event: Event) => {
      if (!(event.target as HTMLElement).matches('input[type="search"]')) return;
      clearTimeout(timer);
      timer = setTimeout(go, TYPING_PAUSE_MS);
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      go();
    };
    form.addEventListener('change', onChange);
    form.addEventListener('input', onInput);
    form.addEventListener('submit', onSubmit);
    return () => {
      clearTimeout(timer);
      if (submit) submit.hidden = false;
      form.removeEventListener('change', onChange);
      form.removeEventListener('input', onInput);
      form.removeEventListener('submit', onSubmit);
    };
  }, [formId, router]);
  return null;
}
