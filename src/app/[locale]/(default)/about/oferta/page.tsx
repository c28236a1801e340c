import { createContentPage } from '@/components/content/content-page-factory';
import { OFFER_VERSION } from '@/server/billing/offer';

// The text states its version, the one each invoice names (paying the invoice accepts it).
const contentPage = createContentPage('oferta', 'about/oferta', { requisites: 'oferta', values: async () => ({ offerVersion: OFFER_VERSION }) });

export const generateMetadata = contentPage.generateMetadata;
export default contentPage.Page;
