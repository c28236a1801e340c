import { SELLER_SETTINGS } from '../support/seller';

/**
 * The company as the default e2e server is built with it (playwright.config.ts): contacts and a
 * seller whose INN and OGRN have valid control digits (a bad one would stop the start), with its bank. The
 * as-needed and Metrica servers have none of them: the site without contacts or a seller.
 */
export const COMPANY = {
  CONTACT_PHONE: '8 (495) 123-45-67',
  CONTACT_EMAIL: 'sales@epcsu.example',
  CONTACT_MESSENGER_URL: 'https://t.me/epcsu_sales',
  SELLER_NAME: 'ООО «ЕПК Су»',
  SELLER_INN: '7701234560',
  SELLER_OGRN: '1177746123455',
  SELLER_ADDRESS: '123112, г. Москва, Пресненская наб., д. 12',
  // The bank (tests/support/seller.ts): with it the partner area issues invoices and the desk imports statements.
  SELLER_KPP: SELLER_SETTINGS.SELLER_KPP,
  SELLER_BANK_NAME: SELLER_SETTINGS.SELLER_BANK_NAME,
  SELLER_BIC: SELLER_SETTINGS.SELLER_BIC,
  SELLER_ACCOUNT: SELLER_SETTINGS.SELLER_ACCOUNT,
  SELLER_CORR_ACCOUNT: SELLER_SETTINGS.SELLER_CORR_ACCOUNT,
};

/** How the pages show and dial the phone (written above as a Russian national number). */
export const PHONE = { text: '+7 495 123 45 67', href: 'tel:+74951234567' };
