'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { backspacePhone, editPhone, phoneInCountry, settledPhone } from '@/lib/phone/phone-typing';
import { useCountryNames } from './countries';
import { describedBy, fieldId, FieldFrame, inputClass } from './form-fields';
import { PhoneCountrySelect } from './phone-country-select';
import { askVisitorCountry } from './visitor-country';

interface Props {
  form: string;
  name?: string;
  label: string;
  /** The number in E.164; without it the field keeps its own (forms read the inputs). */
  value?: string;
  onChange?: (value: string) => void;
  error?: string;
  required?: boolean;
}

/** A country chosen: by the visitor in the field's chooser or the form's country field (`country` undefined: international). */
type Choice = { country?: string } | null;

/**
 * Phone input: a country chooser, formatting, digits and separators only (specification: "shows a
 * country code, auto-formats, and accepts valid characters only"). The visitor types a number as
 * they write it: national in the assumed country (`8 916 123-45-67`, shown so while typing and as
 * `+7 916 123 45 67` once the field is left) or international from a `+` (which switches the
 * country). The assumed country is the one chosen last in the chooser or in the form's own
 * `country_name` field, else the visitor's (GeoIP), else the page language's (ru: Russia). Where
 * none is assumed yet and the visitor's is still being asked (English pages), a number without `+`
 * stays as typed until the answer: read at once, a Russian visitor's `812 123…` would be `+81…`.
 * The input posts what it shows as `phone`; a hidden `phone_country` holds the number's country,
 * and `withPhoneInE164` reads the two as E.164 (docs/decisions/019). `onChange`, when given, gets
 * the number in E.164.
 */
export function PhoneField({ form, name = 'phone', label, value, onChange, error, required }: Props) {
  const t = useTranslations('Dialogs');
  const locale = useLocale();
  const { all } = useCountryNames();
  const id = fieldId(form, name);
  const input = useRef<HTMLInputElement>(null);
  /** What the visitor left in the field: national as typed, or international formatted. */
  const [entry, setEntry] = useState('');
  /** Whether the field is shown settled (left, or not edited since): see settledPhone. */
  const [settled, setSettled] = useState(true);
  const [choice, setChoice] = useState<Choice>(null);
  const [visitor, setVisitor] = useState<{ country?: string } | null>(null);
  const fallback = visitor?.country ?? (locale === 'ru' ? 'RU' : undefined);
  /** No country to read a national number in yet, and the visitor's may still come. */
  const waiting = !visitor && fallback === undefined;
  const assumed = choice ? choice.country : fallback;
  const asking = !choice && waiting;
  const now = useMemo(() => editPhone(entry, entry.length, assumed, asking), [entry, assumed, asking]);
  const shown = settled ? settledPhone(entry, assumed, asking) : entry;

  // The latest of everything, for handlers called from outside React's events.
  const state = useRef({ entry, choice, fallback, waiting, emitted: value ?? '', onChange });
  useLayoutEffect(() => {
    Object.assign(state.current, { entry, choice, fallback, waiting, onChange });
  });
  /** Where the caret goes after an edit, among the text the edit leaves. */
  const caretAt = useRef<number | null>(null);

  /** Tells the form's state (when it keeps one) the number, when it changed. */
  const emit = useCallback((nextEntry: string, nextChoice: Choice) => {
    const next = editPhone(nextEntry, nextEntry.length, nextChoice ? nextChoice.country : state.current.fallback, !nextChoice && state.current.waiting).value;
    if (next === state.current.emitted) return;
    state.current.emitted = next;
    state.current.onChange?.(next);
  }, []);

  // A value set from outside (a form cleared) replaces the entry.
  useEffect(() => {
    if (value === undefined || value === state.current.emitted) return;
    state.current.emitted = value;
    setEntry(editPhone(value, value.length).text);
    setSettled(true);
  }, [value]);

  // The form's own country field (the feedback dialog's, registration's), by its localised name.
  const countryOfName = useMemo(() => {
    let byName: Map<string, string> | undefined;
    return (countryName: string) => (byName ??= new Map(all().map((country) => [country.name, country.code]))).get(countryName);
  }, [all]);
  const formCountry = useCallback((): Choice => {
    const select = input.current?.form?.querySelector<HTMLSelectElement>('select[name="country_name"]');
    const code = select?.value ? countryOfName(select.value) : undefined;
    return code ? { country: code } : null;
  }, [countryOfName]);
  const choose = useCallback(
    (next: Choice) => {
      state.current.choice = next;
      setChoice(next);
      emit(state.current.entry, next);
    },
    [emit],
  );

  useEffect(() => {
    const field = input.current;
    // What the visitor typed before React took the field over becomes its entry (docs/decisions/018).
    const typed = field?.value ?? '';
    const preset = formCountry();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, from the page as React found it
    if (preset) choose(preset);
    if (typed) {
      // A national number with no country known yet (the visitor's is still being asked) stays as
      // typed, to be read in that country when it comes: read now, `8 903…` would become `+8 903…`.
      const text = editPhone(typed, typed.length, preset ? preset.country : state.current.fallback, !preset && state.current.waiting).text;
      state.current.entry = text;
      setEntry(text);
      setSettled(document.activeElement !== field);
      emit(text, preset);
    }
    let live = true;
    void askVisitorCountry().then((country) => {
      if (!live) return;
      const current = state.current;
      const held = current.waiting && !current.choice;
      current.waiting = false;
      if (country) current.fallback = country;
      setVisitor({ country });
      // What was typed while the country was asked is read now: national in the visitor's country,
      // or international where none is known (formatted as it would have been).
      if (held && !country && current.entry && field) {
        const edit = editPhone(current.entry, field.selectionStart ?? current.entry.length, current.fallback);
        if (document.activeElement === field) caretAt.current = edit.caret;
        current.entry = edit.text;
        setEntry(edit.text);
      }
      emit(current.entry, current.choice);
    });
    // The form's country field: choosing there re-reads a national number (an international one stays).
    const select = field?.form?.querySelector<HTMLSelectElement>('select[name="country_name"]');
    const follow = () => choose(formCountry());
    select?.addEventListener('change', follow);
    return () => {
      live = false;
      select?.removeEventListener('change', follow);
    };
    // Once, when React takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const field = input.current;
    if (caretAt.current === null || !field || document.activeElement !== field) return;
    const at = Math.min(caretAt.current, field.value.length);
    caretAt.current = null;
    field.setSelectionRange(at, at);
  }, [shown]);

  const apply = (raw: string, caret: number) => {
    // The form's country may have been set without an event (the feedback dialog's GeoIP guess).
    const current = choice ?? formCountry();
    if (!choice && current) choose(current);
    const edit = editPhone(raw, caret, current ? current.country : fallback, !current && waiting);
    caretAt.current = edit.caret;
    state.current.entry = edit.text;
    setEntry(edit.text);
    // Autofill fills a field without focusing it: shown settled then.
    setSettled(document.activeElement !== input.current);
    emit(edit.text, current);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    if (event.key !== 'Backspace' || field.selectionStart !== field.selectionEnd) return;
    const edit = backspacePhone(field.value, field.selectionStart ?? 0);
    if (!edit) return;
    event.preventDefault();
    apply(edit.raw, edit.caret);
  };

  const chooseCountry = (next: string | undefined) => {
    const text = phoneInCountry(entry, next);
    state.current.entry = text;
    setEntry(text);
    choose({ country: next });
    input.current?.focus();
  };

  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <div className="phone-field flex items-center gap-2">
        <PhoneCountrySelect country={now.country} label={t('phoneCountry')} internationalLabel={t('phoneInternational')} onChange={chooseCountry} />
        <input
          ref={input}
          id={id}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required={required}
          className={inputClass}
          value={shown}
          onChange={(event: ChangeEvent<HTMLInputElement>) => apply(event.target.value, event.target.selectionStart ?? event.target.value.length)}
          onKeyDown={onKeyDown}
          onBlur={() => setSettled(true)}
          {...describedBy(id, error)}
        />
        <input type="hidden" name={`${name}_country`} value={now.country ?? ''} />
      </div>
    </FieldFrame>
  );
}
