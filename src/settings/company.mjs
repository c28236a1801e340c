import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { innKind, innProblem } from '../lib/requisites/inn.mjs';
import { accountProblem, bicProblem, corrAccountProblem } from '../lib/requisites/bank.mjs';
import { kppProblem } from '../lib/requisites/kpp.mjs';
import { ogrnKind, ogrnProblem } from '../lib/requisites/ogrn.mjs';

/*
 * The company behind the site as the settings give it: how to reach it (CONTACT_*) and the seller's
 * legal identity (SELLER_*), shown in the header, the footer, the legal pages and the consent text.
 * Build-time settings (the pre-rendered pages show them); each one is optional, and a page shows
 * only those set. The seller's identity is all of SELLER_SHAPE or none of it. Its KPP and bank
 * (SELLER_BANK_SHAPE) are read at run time by the invoices: with them set beside the identity the
 * site sells online (docs/decisions/037); unset, the partner area sends buyers to sales.
 */

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * A phone number as people write it (national numbers read as Russian), kept in E.164 (`+74951234567`);
 * the pages show it grouped (`+7 495 123-45-67`) and dial it as `tel:` with the E.164 form.
 */
const phone = optionalString.transform((value, ctx) => {
  if (!value) return undefined;
  const parsed = parsePhoneNumberFromString(value, 'RU');
  if (parsed?.isValid()) return parsed.number;
  ctx.addIssue({ code: 'custom', message: 'must be a valid phone number (international, +7 495 123-45-67, or Russian national)' });
  return z.NEVER;
});

/** An https: address only: it is a link on every page. */
const httpsUrl = optionalString.pipe(
  z
    .url()
    .refine((value) => new URL(value).protocol === 'https:', 'must be an https: address')
    .optional(),
);

/**
 * A number checked by its control digits (`check` answers what is wrong).
 * @param {(value: string) => 'format' | 'checksum' | undefined} check
 * @param {string} form what a well-formed value is
 */
const checked = (check, form) =>
  optionalString.superRefine((value, ctx) => {
    const problem = value === undefined ? undefined : check(value);
    if (problem === 'format') ctx.addIssue({ code: 'custom', message: `must be ${form}` });
    if (problem === 'checksum') ctx.addIssue({ code: 'custom', message: 'has a wrong control digit (a mistyped number)' });
  });

export const CONTACT_SHAPE = {
  /** The sales phone, in the header, the footer and the contacts. */
  CONTACT_PHONE: phone,
  /** The sales e-mail, likewise (a `mailto:` link). */
  CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
  /** A messenger chat with sales (`https://t.me/…`, `https://wa.me/…`), likewise; https: only. */
  CONTACT_MESSENGER_URL: httpsUrl,
};

export const SELLER_SHAPE = {
  /** The seller's legal name (ООО «…», ИП …): the operator of personal data the consent text names. */
  SELLER_NAME: optionalString,
  /** 10 digits (an organisation) or 12 (a sole proprietor), checked by the control digits. */
  SELLER_INN: checked(innProblem, '10 digits (an organisation) or 12 (a sole proprietor)'),
  /** OGRN, 13 digits, or a sole proprietor's OGRNIP, 15, checked by the control digit. */
  SELLER_OGRN: checked(ogrnProblem, '13 digits (OGRN) or 15 (a sole proprietor’s OGRNIP)'),
  /** The seller's registered address. */
  SELLER_ADDRESS: optionalString,
};

/** The seller's KPP and bank, which an invoice names (run-time settings: the pages do not show them). */
export const SELLER_BANK_SHAPE = {
  /** An organisation's KPP (9 characters); a sole proprietor has none. */
  SELLER_KPP: checked(kppProblem, '9 characters: 4 digits, 2 digits or capital Latin letters, 3 digits'),
  /** The bank's name as the invoice prints it (ПАО Сбербанк). */
  SELLER_BANK_NAME: optionalString,
  /** The bank's BIC, 9 digits beginning 04. */
  SELLER_BIC: checked(bicProblem, '9 digits beginning 04'),
  /** The seller's settlement account, 20 digits, checked by its control key with SELLER_BIC. */
  SELLER_ACCOUNT: optionalString.pipe(z.string().regex(/^\d{20}$/, 'must be 20 digits').optional()),
  /** The bank's correspondent account at the Bank of Russia, 20 digits beginning 30101, checked with SELLER_BIC. */
  SELLER_CORR_ACCOUNT: optionalString.pipe(z.string().regex(/^30101\d{15}$/, 'must be 20 digits beginning 30101').optional()),
};

/** @typedef {keyof typeof CONTACT_SHAPE | keyof typeof SELLER_SHAPE} CompanySetting */

/** @typedef {{ [K in keyof typeof SELLER_SHAPE]: z.output<(typeof SELLER_SHAPE)[K]> } & { NEXT_PUBLIC_OPERATOR_NAME?: string }} SellerSettings */
/** @typedef {{ [K in keyof typeof SELLER_BANK_SHAPE]?: z.output<(typeof SELLER_BANK_SHAPE)[K]> }} SellerBankSettings */

/**
 * What is wrong with the seller's KPP and bank taken together and with the identity, as [setting,
 * message] pairs: all of the bank or none, and only beside the identity; a KPP exactly when the
 * seller is an organisation; the accounts' control keys with the BIC.
 * @param {SellerSettings & SellerBankSettings} env
 * @returns {[string, string][]}
 */
export function sellerBankProblems(env) {
  /** @type {[string, string][]} */
  const problems = [];
  const bank = /** @type {const} */ (['SELLER_BANK_NAME', 'SELLER_BIC', 'SELLER_ACCOUNT', 'SELLER_CORR_ACCOUNT']);
  const unset = bank.filter((name) => !env[name]);
  if (unset.length === bank.length) {
    if (env.SELLER_KPP && !env.SELLER_INN) problems.push(['SELLER_KPP', 'SELLER_KPP goes with SELLER_NAME, SELLER_INN, SELLER_OGRN and SELLER_ADDRESS']);
    return problems;
  }
  if (unset.length) problems.push([unset[0] ?? '', `${bank.join(', ')} go together (${unset.join(', ')} unset)`]);
  if (!env.SELLER_NAME) problems.push(['SELLER_NAME', 'the bank details need the seller: SELLER_NAME, SELLER_INN, SELLER_OGRN and SELLER_ADDRESS']);
  const inn = env.SELLER_INN && !innProblem(env.SELLER_INN) ? innKind(env.SELLER_INN) : undefined;
  if (inn === 'organisation' && !env.SELLER_KPP) problems.push(['SELLER_KPP', 'an organisation (10-digit SELLER_INN) has a KPP: set SELLER_KPP']);
  if (inn === 'person' && env.SELLER_KPP) problems.push(['SELLER_KPP', 'a sole proprietor (12-digit SELLER_INN) has no KPP: leave SELLER_KPP unset']);
  const bic = env.SELLER_BIC;
  if (bic && env.SELLER_ACCOUNT && accountProblem(env.SELLER_ACCOUNT, bic) === 'checksum') {
    problems.push(['SELLER_ACCOUNT', 'does not match SELLER_BIC by its control key (a mistyped account or BIC)']);
  }
  if (bic && env.SELLER_CORR_ACCOUNT && corrAccountProblem(env.SELLER_CORR_ACCOUNT, bic) === 'checksum') {
    problems.push(['SELLER_CORR_ACCOUNT', 'does not match SELLER_BIC by its control key (a mistyped account or BIC)']);
  }
  return problems;
}

/**
 * What is wrong with the seller's settings taken together, as [setting, message] pairs.
 * @param {SellerSettings} env
 * @returns {[string, string][]}
 */
export function sellerProblems(env) {
  /** @type {[string, string][]} */
  const problems = [];
  const names = /** @type {(keyof typeof SELLER_SHAPE)[]} */ (Object.keys(SELLER_SHAPE));
  const unset = names.filter((name) => !env[name]);
  if (unset.length && unset.length < names.length) problems.push([unset[0] ?? '', `${names.join(', ')} go together (${unset.join(', ')} unset)`]);
  const inn = env.SELLER_INN && !innProblem(env.SELLER_INN) ? innKind(env.SELLER_INN) : undefined;
  const ogrn = env.SELLER_OGRN && !ogrnProblem(env.SELLER_OGRN) ? ogrnKind(env.SELLER_OGRN) : undefined;
  if (inn && ogrn && inn !== ogrn) {
    problems.push(['SELLER_OGRN', 'an organisation has a 10-digit INN and a 13-digit OGRN, a sole proprietor a 12-digit INN and a 15-digit OGRNIP']);
  }
  if (env.SELLER_NAME && env.NEXT_PUBLIC_OPERATOR_NAME && env.NEXT_PUBLIC_OPERATOR_NAME !== env.SELLER_NAME) {
    problems.push(['NEXT_PUBLIC_OPERATOR_NAME', 'the operator of personal data is the seller (SELLER_NAME): leave NEXT_PUBLIC_OPERATOR_NAME unset or the same']);
  }
  return problems;
}
