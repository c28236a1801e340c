import { contentRoute } from '@/components/content/content-route';

const route = contentRoute('privacy', 'about/privacy');

export const generateMetadata = route.generateMetadata;
export default route.Page;
