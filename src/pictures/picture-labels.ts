import type { Namespace } from '@/i18n/message-keys';
import type { Locale } from '@/site/locales.mjs';
import { coverageOf } from '@/lib/vin/coverage';
import { decodeVin } from '@/lib/vin/decode';
import { verdictOf, vinFactRows, type Translate, type VinFactRow } from '@/components/vin/vin-text';

/** The details the VIN picture shows, in this order: what the tool says in these rows. */
const VIN_PICTURE_ROWS: readonly VinFactRow[] = ['rowManufacturer', 'rowCountry', 'rowModelYear', 'rowPlant', 'rowCheckDigit'];

type Messages = Record<string, Record<string, unknown>>;

/**
 * A namespace's messages as a translator with their `{placeholders}` filled in: enough for the
 * plain texts the VIN check's rows are made of; a plural or a select would come out unformatted,
 * so it is refused rather than drawn wrong.
 */
function plainTranslator<N extends Namespace>(namespace: Record<string, unknown>): Translate<N> {
  return (key, values = {}) => {
    const message = String(key).split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], namespace);
    if (typeof message !== 'string' || /\{\w+,/.test(message)) throw new Error(`not a plain message: ${key}`);
    return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
  };
}

/** The first sentence of a row's text: the picture has room for no more. */
const firstSentence = (text: string) => text.split(/\.(?:\s|$)/)[0] ?? text;

/**
 * The labels of every picture in a language: the `Pictures` messages, and for the VIN picture what
 * the VIN check itself answers for the VIN it shows (its verdict, its details' rows, the catalogue
 * that covers the car), from the tool's own functions, so the picture cannot promise more.
 */
export function pictureLabels(locale: Locale, messages: Messages): Record<string, Record<string, unknown>> {
  const pictures = messages.Pictures as Record<string, Record<string, unknown>>;
  const vin = pictures.vin!;
  const decoded = decodeVin(String(vin.vin));
  if (decoded.kind !== 'vin') throw new Error(`the VIN picture's VIN does not decode: ${String(vin.vin)}`);
  const t = plainTranslator<'VinCheck'>(messages.VinCheck!);
  const ts = plainTranslator<'VinSummary'>(messages.VinSummary!);
  const rows = vinFactRows(decoded, locale, t, ts);
  const plan = coverageOf(decoded)?.plans[0] ?? 'epc';
  const plans = (messages.Home!.tarif as { plans: Record<string, { name: string }> }).plans;
  return {
    ...pictures,
    vin: {
      ...vin,
      found: ts(verdictOf(decoded).key),
      facts: VIN_PICTURE_ROWS.flatMap((wanted) => rows.filter(({ row }) => row === wanted).map(({ label, value }) => [label, firstSentence(value)])),
      catalogue: plainTranslator(pictures.vin!)('catalogue', { plan: plans[plan]!.name }),
    },
  };
}
