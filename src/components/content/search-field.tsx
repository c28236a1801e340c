'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * What a list's search box holds, and the box itself: uncontrolled, so that what was typed before
 * the page's scripts ran counts once they do; hidden by CSS (`needs-script`) from a browser that
 * runs no scripts, which shows the whole list.
 */
export function useSearchField() {
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  useEffect(() => setQuery(input.current?.value ?? ''), []);
  return { query, input, setQuery };
}

interface Props {
  id: string;
  /** The list it narrows. */
  controls: string;
  label: string;
  placeholder: string;
  className?: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onQuery: (query: string) => void;
}

export function SearchField({ id, controls, label, placeholder, className = '', inputRef, onQuery }: Props) {
  return (
    <div className={`needs-script ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        onInput={(event) => onQuery(event.currentTarget.value)}
        placeholder={placeholder}
        aria-controls={controls}
        autoComplete="off"
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
      />
    </div>
  );
}
