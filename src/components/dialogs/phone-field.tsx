'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { hasPhoneFormats } from '@/lib/phone/phone-grouping';
import { backspacePhone, editPhone, phoneInCountry, settledPhone, typedPhone } from '@/lib/phone/phone-typing';
import { useCountryNames } from './countries';
import { describedBy, fieldId, FieldFrame, inputClass } from './form-fields';
import { loadPhoneFormats } from './phone-formats';
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
  /**
   * The entry is an international number whose country's grouping (libphonenumber-js's formats,
   * fetched) is on its way: shown as typed until it comes, so that it is grouped once and right.
   */
  const [held, setHeld] = useState(false);
  /** Counts the countries' groupings that came, to show the settled number with them. */
  const [, setGroupings] = useState(0);
  const now = useMemo(() => editPhone(entry, entry.length, assumed, asking), [entry, assumed, asking]);
  const shown = held ? entry : settled ? settledPhone(entry, assumed, asking) : entry;

  // The latest of everything, for handlers called from outside React's events.
  const state = useRef({ entry, choice, fallback, waiting, held, emitted: value ?? '', onChange });
  useLayoutEffect(() => {
    Object.assign(state.current, { entry, choice, fallback, waiting, held, onChange });
  });
  /** Where the caret goes after an edit, among the text the edit leaves. */
  const caretAt = useRef<number | null>(null);

  /**
   * An edit read in `current`'s country (else the fallback): the text to show, its caret, and
   * whether it is held as typed because its country's grouping has not come yet (`patient`:
   * while it may still come).
   */
  const read = useCallback((raw: string, caret: number, current: Choice, patient = true) => {
    const edit = editPhone(raw, caret, current ? current.country : state.current.fallback, !current && state.current.waiting);
    const awaited = patient && edit.text.startsWith('+') && edit.country !== undefined && !hasPhoneFormats(edit.country);
    return awaited ? { ...edit, ...typedPhone(raw, caret), held: true } : { ...edit, held: false };
  }, []);
  /** Sets what the field holds (the ref at once, for handlers that run before the next render). */
  const keep = useCallback((text: string, hold: boolean) => {
    Object.assign(state.current, { entry: text, held: hold });
    setEntry(text);
    setHeld(hold);
  }, []);

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
    // What the visitor typed before React took the field over becomes its entry (docs/decisions/051).
    const typed = field?.value ?? '';
    const preset = formCountry();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, from the page as React found it
    if (preset) choose(preset);
    if (typed) {
      // A national number with no country known yet (the visitor's is still being asked) stays as
      // typed, to be read in that country when it comes: read now, `8 903…` would become `+8 903…`.
      // An international one is kept as typed until its country's grouping has come (docs/decisions/019).
      const { text, held: hold } = read(typed, typed.length, preset);
      keep(text, hold);
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
        const edit = read(current.entry, field.selectionStart ?? current.entry.length, null);
        if (document.activeElement === field) caretAt.current = edit.caret;
        keep(edit.text, edit.held);
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

  // The grouping of the number's country (the one assumed before anything is typed) is fetched
  // once; when it comes, a number held as typed or already grouped by the template is grouped anew.
  useEffect(() => {
    const country = now.country;
    if (!country || hasPhoneFormats(country)) return;
    let live = true;
    void loadPhoneFormats(country).then(() => {
      if (!live) return;
      setGroupings((count) => count + 1);
      const current = state.current;
      if (!current.held && !current.entry.startsWith('+')) return;
      const field = input.current;
      const focused = field !== null && document.activeElement === field;
      const edit = read(current.entry, focused ? (field.selectionStart ?? current.entry.length) : current.entry.length, current.choice, hasPhoneFormats(country));
      if (focused) caretAt.current = edit.caret;
      keep(edit.text, edit.held);
    });
    return () => {
      live = false;
    };
  }, [now.country, read, keep]);

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
    const edit = read(raw, caret, current);
    caretAt.current = edit.caret;
    keep(edit.text, edit.held);
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
    keep(phoneInCountry(entry, next), false);
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
