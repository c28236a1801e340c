import { getTranslations } from 'next-intl/server';
import { createContentPage } from '@/components/content/content-page-factory';
import { publicEnv } from '@/lib/public-env';
import { CONSENT_VERSION } from '@/lib/validation/consent';
import { contacts, operatorName, seller } from '@/server/company';
import type { Locale } from '@/site/locales.mjs';

/** `%name%` places of a template filled with these values. */
const fill = (template: string, values: Record<string, string>) => template.replace(/%(\w+)%/g, (whole, name: string) => values[name] ?? whole);

/**
 * The operator as the consent text names it (152-FZ, art. 9, part 4: its name and address): the
 * seller with its INN, OGRN and address; without a seller, the operator's name and that its legal
 * name and address are given on request.
 */
async function operatorOf(locale: Locale): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'Pages.consent' });
  if (!seller) return fill(t.raw('operator.brand') as string, { name: operatorName });
  const company = await getTranslations({ locale, namespace: 'Company' });
  return fill(t.raw('operator.seller') as string, { name: seller.name, inn: seller.inn, ogrnLabel: company(seller.ogrnKind), ogrn: seller.ogrn, address: seller.address });
}

/** The consent to the processing of personal data (152-FZ, art. 9): a document of its own, apart from the privacy policy. */
const contentPage = createContentPage('consent', 'about/consent', {
  values: async (locale) => {
    const t = await getTranslations({ locale, namespace: 'Pages.consentWithdrawal' });
    // Withdrawal by e-mail: the operator's address, else the sales address; else the feedback form.
    const email = publicEnv.operatorEmail ?? contacts.email?.text;
    return {
      operator: await operatorOf(locale),
      // The site by its address when it is set, else by its name (never a made-up host).
      site: publicEnv.siteUrl || publicEnv.siteName,
      version: CONSENT_VERSION,
      withdraw: email ? t('email', { email }) : t('form'),
    };
  },
});

export const generateMetadata = contentPage.generateMetadata;
export default contentPage.Page;
