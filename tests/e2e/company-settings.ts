/**
 * The company as the default e2e server is built with it (playwright.config.ts): contacts and a
 * seller whose INN and OGRN have valid control digits (a bad one would stop the start). The
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
  SELLER_KPP: '770101001',
  SELLER_BANK_NAME: 'ПАО Сбербанк',
  SELLER_BIC: '044525225',
  SELLER_ACCOUNT: '40702810938000012345',
  SELLER_CORR_ACCOUNT: '30101810400000000225',
};

/** How the pages show and dial the phone (written above as a Russian national number). */
export const PHONE = { text: '+7 495 123 45 67', href: 'tel:+74951234567' };
