/**
 * A seller that can sell online: its identity (the INN and OGRN with valid control digits) and a
 * bank whose accounts match its BIC by their control keys, as the start checks them. The BIC and
 * correspondent account are Sberbank's published ones; the settlement account is made up.
 */
export const SELLER_SETTINGS = /** @type {const} */ ({
  SELLER_NAME: 'ООО «ЕПК Су»',
  SELLER_INN: '7701234560',
  SELLER_OGRN: '1177746123455',
  SELLER_ADDRESS: '123112, г. Москва, Пресненская наб., д. 12',
  SELLER_KPP: '770101001',
  SELLER_BANK_NAME: 'ПАО Сбербанк',
  SELLER_BIC: '044525225',
  SELLER_ACCOUNT: '40702810938000012345',
  SELLER_CORR_ACCOUNT: '30101810400000000225',
});

/** A buying organisation with a valid INN (Sberbank's published one) and a KPP. */
export const BUYER = /** @type {const} */ ({ inn: '7707083893', kpp: '773601001', name: 'ПАО Сбербанк', address: '117312, г. Москва, ул. Вавилова, д. 19' });

/** An order of that organisation: two products, one by seats, one by brands, three months each. */
export const ORDER = /** @type {const} */ ({
  company: BUYER,
  items: [
    { product: 'epc', months: 3, seats: 2 },
    { product: 'tis', months: 3, brands: ['bmw-mini', 'volvo'] },
  ],
});
