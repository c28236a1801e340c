import 'server-only';
import type { SellerParty, VatRate } from '@/lib/billing/invoice';
import type { Env } from '../env';

/**
 * The seller an invoice names, from the settings (SELLER_* with the bank), or undefined when they
 * are not all set: then the built-in purchase is off and the partner area sends buyers to sales.
 */
export function sellerOf(env: Env): SellerParty | undefined {
  const { SELLER_NAME, SELLER_INN, SELLER_OGRN, SELLER_ADDRESS, SELLER_KPP, SELLER_BANK_NAME, SELLER_BIC, SELLER_ACCOUNT, SELLER_CORR_ACCOUNT } = env;
  if (!SELLER_NAME || !SELLER_INN || !SELLER_ADDRESS || !SELLER_BANK_NAME || !SELLER_BIC || !SELLER_ACCOUNT || !SELLER_CORR_ACCOUNT) return undefined;
  return {
    name: SELLER_NAME,
    inn: SELLER_INN,
    ...(SELLER_KPP ? { kpp: SELLER_KPP } : {}),
    ...(SELLER_OGRN ? { ogrn: SELLER_OGRN } : {}),
    address: SELLER_ADDRESS,
    bankName: SELLER_BANK_NAME,
    bic: SELLER_BIC,
    account: SELLER_ACCOUNT,
    corrAccount: SELLER_CORR_ACCOUNT,
  };
}

/** The purchase's terms a page shows before an invoice is made. */
export interface PurchaseTerms {
  enabled: boolean;
  card: boolean;
  lookup: boolean;
  vatRate: VatRate;
  dueDays: number;
}

export function purchaseTerms(env: Env): PurchaseTerms {
  return {
    enabled: Boolean(sellerOf(env)),
    card: Boolean(env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY),
    lookup: Boolean(env.DADATA_API_KEY),
    vatRate: env.VAT_RATE,
    dueDays: env.INVOICE_DUE_DAYS,
  };
}
