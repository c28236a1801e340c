import { vehicleRoutes as routes } from '@/components/vin/vehicle-tool';

/** The tool's answer to the query, rendered per request (the edge routes /vehicle?… here: docs/decisions/014). */
export const dynamic = 'force-dynamic';
export const generateMetadata = routes.answer.generateMetadata;
export default routes.answer.Page;
