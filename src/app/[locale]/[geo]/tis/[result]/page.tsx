import { tisRoutes as routes } from '@/components/tis/tis-tool';

/** /tis as the order form's post returns to it (?order=sent|invalid, picked by the edge). */
export const dynamicParams = false;
export const generateStaticParams = routes.result.generateStaticParams;
export const generateMetadata = routes.result.generateMetadata;
export default routes.result.Page;
