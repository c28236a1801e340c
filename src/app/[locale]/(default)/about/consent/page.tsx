import { getTranslations } from 'next-intl/server';
import { createContentPage } from '@/components/content/content-page-factory';
import { publicEnv } from '@/lib/public-env';
import { CONSENT_VERSION } from '@/lib/validation/consent';

/** The consent to the processing of personal data (152-FZ, art. 9): a document of its own, apart from the privacy policy. */
const contentPage = createContentPage('consent', 'about/consent', async (locale) => {
  const t = await getTranslations({ locale, namespace: 'Pages.consentWithdrawal' });
  return {
    operator: publicEnv.operatorName,
    site: publicEnv.siteUrl,
    version: CONSENT_VERSION,
    withdraw: publicEnv.operatorEmail ? t('email', { email: publicEnv.operatorEmail }) : t('form'),
  };
});

export const generateMetadata = contentPage.generateMetadata;
export default contentPage.Page;
