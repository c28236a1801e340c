import type { InvoiceDocument } from '@/lib/billing/invoice';
import { BUYER, SELLER_SETTINGS } from './seller.mjs';

/**
 * An invoice as issued for EPC FULL (3 months, 2 workstations) and TIS for two brands: the order
 * tests/billing/invoices.test.ts places, with the test seller and buyer, VAT 22% included.
 */
export const SAMPLE_INVOICE: InvoiceDocument = {
  id: '0b9c2f8e-4d0a-4c57-9a55-3f1f6f1f2a10',
  number: '2026-000123',
  date: '2026-11-27',
  dueDate: '2026-12-02',
  status: 'issued',
  seller: {
    name: SELLER_SETTINGS.SELLER_NAME,
    inn: SELLER_SETTINGS.SELLER_INN,
    kpp: SELLER_SETTINGS.SELLER_KPP,
    ogrn: SELLER_SETTINGS.SELLER_OGRN,
    address: SELLER_SETTINGS.SELLER_ADDRESS,
    bankName: SELLER_SETTINGS.SELLER_BANK_NAME,
    bic: SELLER_SETTINGS.SELLER_BIC,
    account: SELLER_SETTINGS.SELLER_ACCOUNT,
    corrAccount: SELLER_SETTINGS.SELLER_CORR_ACCOUNT,
  },
  buyer: { ...BUYER },
  buyerEmail: 'buyer@example.com',
  lines: [
    {
      product: 'epc',
      months: 3,
      seats: 2,
      name: { ru: 'Подписка «EPC FULL», 2 рабочих места', en: '“EPC FULL” subscription, 2 workstations' },
      quantity: 3,
      priceKopecks: 780000,
      amountKopecks: 2340000,
    },
    { product: 'tis', brand: 'bmw-mini', months: 3, seats: 1, name: { ru: 'Сервисная информация TIS: BMW / MINI', en: 'TIS service information: BMW / MINI' }, quantity: 3, priceKopecks: 500000, amountKopecks: 1500000 },
    { product: 'tis', brand: 'volvo', months: 3, seats: 1, name: { ru: 'Сервисная информация TIS: Volvo', en: 'TIS service information: Volvo' }, quantity: 3, priceKopecks: 150000, amountKopecks: 450000 },
  ],
  totalKopecks: 4290000,
  vatRate: '22',
  vatKopecks: 773607,
  offerVersion: '2026-11-27',
};
