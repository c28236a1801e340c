import { contentRoute } from '@/components/content/content-route';

const route = contentRoute('oferta', 'about/oferta');

export const generateMetadata = route.generateMetadata;
export default route.Page;
