import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { seller } from '@/server/company';

/** The seller's legal name, INN, OGRN (or OGRNIP) and address, one line above the copyright; nothing when unset. */
export async function SellerLine({ locale }: { locale: Locale }) {
  if (!seller) return null;
  const t = await getTranslations({ locale, namespace: 'Company' });
  return (
    <p className="container-page pt-5 text-sm">
      {t('requisitesLine', { name: seller.name, inn: seller.inn, ogrnLabel: t(seller.ogrnKind), ogrn: seller.ogrn, address: seller.address })}
    </p>
  );
}
