import { describe, expect, it } from 'vitest';
import { buildTimeEnv, builtValues, parseSettings } from './settings.mjs';

describe('the build-time settings a build is stamped with', () => {
  it('are the values the build writes into the bundles: a default given is the setting left unset', () => {
    expect(builtValues({ LOCALE_PREFIX: 'always', NEXT_PUBLIC_SITE_NAME: 'EpcSu' })).toEqual(builtValues({}));
    expect(builtValues({})).toEqual(buildTimeEnv(parseSettings({})));
  });

  it('differ when a setting does, and ignore the settings read at run time', () => {
    expect(builtValues({ LOCALE_PREFIX: 'as-needed' })).not.toEqual(builtValues({}));
    expect(builtValues({ NEXT_PUBLIC_YM_ID: '12345678' }).NEXT_PUBLIC_YM_ID).toBe('12345678');
    expect(builtValues({ PORT: '3100', GEO_HEADER: 'cf-ipcountry' })).toEqual(builtValues({}));
  });

  it('keep a value the schema refuses as given, so that it is not taken for the default', () => {
    expect(builtValues({ LOCALE_PREFIX: 'sometimes' }).LOCALE_PREFIX).toBe('sometimes');
  });
});
