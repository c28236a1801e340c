import { vehicleRoutes as routes } from '@/components/vin/vehicle-tool';

/** /vehicle as the order form's post returns to it (?order=sent|invalid, picked by the edge). */
export const dynamicParams = false;
export const generateStaticParams = routes.result.generateStaticParams;
export const generateMetadata = routes.result.generateMetadata;
export default routes.result.Page;
