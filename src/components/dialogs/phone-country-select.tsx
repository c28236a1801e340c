'use client';

import { useMemo, useState } from 'react';
import { useCountryNames } from './countries';

interface Props {
  country?: string;
  label: string;
  internationalLabel: string;
  onChange: (country: string | undefined) => void;
}

/**
 * The phone field's country chooser: a native select laid over the chosen country's ISO code (in
 * place of a flag: no images). Until it is first focused or pressed it holds only the chosen
 * country: each form's phone field would otherwise put some 250 options into every page's HTML,
 * which the phone pays for in parsing before anything is tapped.
 */
export function PhoneCountrySelect({ country, label, internationalLabel, onChange }: Props) {
  const [expanded, setExpanded] = useState(false);
  const expand = () => setExpanded(true);
  const { nameOf, all } = useCountryNames();
  const options = useMemo(() => (expanded ? all() : country ? [{ code: country, name: nameOf(country) }] : []), [expanded, country, nameOf, all]);
  return (
    <div className="phone-country">
      <select aria-label={label} value={country ?? ''} onFocus={expand} onPointerDown={expand} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{internationalLabel}</option>
        {options.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {country ? <span className="text-xs leading-none font-bold text-brand-800">{country}</span> : <International />}
    </div>
  );
}

/** No country chosen yet: a small globe. */
function International() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="text-brand-800">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}
