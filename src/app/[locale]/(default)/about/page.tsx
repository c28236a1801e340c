import { createContentPage } from '@/components/content/content-page-factory';

const contentPage = createContentPage('about', 'about');

export const generateMetadata = contentPage.generateMetadata;
export default contentPage.Page;
