import { contentRoute } from '@/components/content/content-route';

const route = contentRoute('pay', 'pay');

export const generateMetadata = route.generateMetadata;
export default route.Page;
