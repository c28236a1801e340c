/**
 * What every VIN field of the site shares (the VIN check's hero form, the 404 page's): a GET
 * field named `vin` for `/vehicle`, typed in capitals, neither completed nor spell-checked.
 */
export const VIN_INPUT = {
  name: 'vin',
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  maxLength: 200,
  className:
    'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-base tracking-wider text-ink uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600',
} as const;
