'use client';

import { useState, type ComponentType } from 'react';

interface Option {
  value?: string;
  label: string;
  divider?: boolean;
}

interface Props {
  name?: string;
  value?: string;
  onChange: (value?: string) => void;
  options: Option[];
  iconComponent: ComponentType<{ country?: string; label: string; 'aria-hidden'?: boolean }>;
  disabled?: boolean;
  readOnly?: boolean;
  'aria-label'?: string;
  onFocus?: () => void;
  onBlur?: () => void;
}

/** 'ZZ' stands for "no country" (an <option> needs a string value), as in react-phone-number-input. */
const NONE = 'ZZ';

/**
 * The phone field's country chooser (react-phone-number-input's `countrySelectComponent`), with
 * the same markup and class names as its own. Until it is first focused or pressed it holds only
 * the chosen country: each form's phone field would otherwise put some 250 options into every
 * page's HTML, which the phone pays for in parsing before anything is tapped.
 */
export function PhoneCountrySelect({ value, onChange, options, iconComponent: Icon, disabled, readOnly, ...rest }: Props) {
  const [expanded, setExpanded] = useState(false);
  const expand = () => setExpanded(true);
  const selected = options.find((option) => !option.divider && (option.value ?? NONE) === (value ?? NONE));
  const shown = expanded ? options : selected ? [selected] : [];
  return (
    <div className="PhoneInputCountry">
      <select
        {...rest}
        className="PhoneInputCountrySelect"
        disabled={disabled || readOnly}
        value={value ?? NONE}
        onFocus={() => {
          expand();
          rest.onFocus?.();
        }}
        onPointerDown={expand}
        onChange={(event) => onChange(event.target.value === NONE ? undefined : event.target.value)}
      >
        {shown.map((option) => (
          <option key={option.divider ? '|' : (option.value ?? NONE)} value={option.divider ? '|' : (option.value ?? NONE)} disabled={option.divider}>
            {option.label}
          </option>
        ))}
      </select>
      {selected ? <Icon aria-hidden country={value} label={selected.label} /> : null}
      <div className="PhoneInputCountrySelectArrow" />
    </div>
  );
}
