import { createContentPage } from '@/components/content/content-page-factory';

const contentPage = createContentPage('oferta', 'about/oferta', { requisites: 'oferta' });

export const generateMetadata = contentPage.generateMetadata;
export default contentPage.Page;
