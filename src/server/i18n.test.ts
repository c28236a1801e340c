import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageKey } from '@/i18n/message-keys';
import { setEnvForTests } from './env';
import { translate, translateIfKnown } from './i18n';
import { getLogger } from './logger';

/** A key the type checker would refuse, as a cast or a key built from data could still bring it. */
const misspelt = 'kinds.ordr' as MessageKey<'Desk'>;

afterEach(() => {
  setEnvForTests();
  vi.restoreAllMocks();
});

describe('the server’s translator', () => {
  it('gives the text of a key in the language asked for', () => {
    expect(translate('ru', 'Desk', 'kinds.order')).toBe('Форма заказа');
    expect(translate('en', 'ApiErrors', 'tooLarge')).not.toBe('tooLarge');
  });

  it('throws on a key the messages lack, in tests and development', () => {
    expect(() => translate('ru', 'Desk', misspelt)).toThrow(/kinds\.ordr/);
    setEnvForTests({ NODE_ENV: 'development' });
    expect(() => translate('en', 'Desk', misspelt)).toThrow(/kinds\.ordr/);
  });

  it('in production logs the key as an error and gives its path, never a silent raw key', () => {
    setEnvForTests({ NODE_ENV: 'production' });
    const error = vi.spyOn(getLogger(), 'error').mockImplementation(() => undefined);
    expect(translate('ru', 'Desk', misspelt)).toBe('Desk.kinds.ordr');
    expect(error).toHaveBeenCalledOnce();
    expect(JSON.stringify(error.mock.calls[0])).toContain('kinds.ordr');
  });

  it('leaves a key made from data to the caller’s fallback, on purpose', () => {
    expect(translateIfKnown('ru', 'Desk', 'consentForms.registration')).toBe('регистрация');
    expect(translateIfKnown('ru', 'Desk', 'consentForms.faxMachine')).toBeUndefined();
    expect(translateIfKnown('ru', 'Desk', 'kinds.toString')).toBeUndefined();
    expect(translateIfKnown('en', 'Validation', 'An already translated text.')).toBeUndefined();
  });
});
