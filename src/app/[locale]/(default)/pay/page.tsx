import { createContentPage } from '@/components/content/content-page-factory';

const contentPage = createContentPage('pay', 'pay');

export const generateMetadata = contentPage.generateMetadata;
export default contentPage.Page;
