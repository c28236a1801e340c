import { SELLER_SETTINGS } from './seller.mjs';

/**
 * The company as a deployed site has it, and as the default e2e server (playwright.config.ts) and
 * the benchmarks' builds are made with it: contacts and a seller (./seller.mjs: an INN and OGRN with
 * valid control digits, a bad one would stop the start) with its bank, with which the partner area
 * issues invoices and the desk imports statements. The as-needed and Metrica test servers have none
 * of them: the site without contacts or a seller.
 */
export const COMPANY = {
  CONTACT_PHONE: '8 (495) 123-45-67',
  CONTACT_EMAIL: 'sales@epcsu.example',
  CONTACT_MESSENGER_URL: 'https://t.me/epcsu_sales',
  ...SELLER_SETTINGS,
};

/** How the pages show and dial the phone (written above as a Russian national number). */
export const PHONE = { text: '+7 495 123 45 67', href: 'tel:+74951234567' };
