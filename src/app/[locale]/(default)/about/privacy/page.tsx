import { createContentPage } from '@/components/content/content-page-factory';

const contentPage = createContentPage('privacy', 'about/privacy', { requisites: 'privacy' });

export const generateMetadata = contentPage.generateMetadata;
export default contentPage.Page;
