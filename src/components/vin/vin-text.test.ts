import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json' with { type: 'json' };
import ru from '../../../messages/ru.json' with { type: 'json' };
import type { Namespace } from '@/i18n/message-keys';
import { decodeVin } from '@/lib/vin/decode';
import { verdictOf, vinSummary, type Translate } from './vin-text';

/** A namespace's messages as a translator, placeholders filled in (enough for these plain messages). */
const translator =
  <N extends Namespace>(messages: Record<string, unknown>): Translate<N> =>
  (key, values = {}) =>
    String(messages[String(key)]).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

describe('the VIN answer’s verdict', () => {
  it('is valid, in green, for a Lada whose position 9 is not the check digit: it is not mandatory in Russia', () => {
    const lada = decodeVin('XTA21099043612345');
    expect(verdictOf(lada)).toEqual({ tone: 'ok', key: 'valid' });
    expect(vinSummary(lada, 'ru', translator(ru.VinSummary), translator(ru.VinIssues))).toMatch(/^VIN корректен · AvtoVAZ · /);
    expect(vinSummary(lada, 'en', translator(en.VinSummary), translator(en.VinIssues))).toMatch(/^Valid VIN · AvtoVAZ · /);
  });

  it('is valid for European, Japanese and Korean VINs whatever position 9 holds', () => {
    for (const vin of ['WDB2110161A123456', 'JTDBR32E720012345', 'KMHDN41B36U123456', 'WVWZZZ1JZ3W386752']) expect(verdictOf(decodeVin(vin)), vin).toEqual({ tone: 'ok', key: 'valid' });
  });

  it('is an error where the check digit is mandatory: North America and China', () => {
    for (const vin of ['2T1BURHE0JC043821', '7SAYGDEE5NF000001', 'LVSHFFAL0CF100001']) expect(verdictOf(decodeVin(vin)), vin).toEqual({ tone: 'error', key: 'checkDigitError' });
    expect(verdictOf(decodeVin('1M8GDM9AXKP042788'))).toEqual({ tone: 'ok', key: 'valid' });
  });
});
