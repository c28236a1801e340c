import { contentRoute } from '@/components/content/content-route';

const route = contentRoute('docs', 'about/docs');

export const generateMetadata = route.generateMetadata;
export default route.Page;
