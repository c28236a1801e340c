import { createContentPage } from '@/components/content/content-page-factory';

const contentPage = createContentPage('docs', 'about/docs', { requisites: 'docs' });

export const generateMetadata = contentPage.generateMetadata;
export default contentPage.Page;
