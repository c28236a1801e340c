import { vehicleRoutes as routes } from '@/components/vin/vehicle-tool';

/** /vehicle with its tool empty, pre-rendered per visitor variant (the tool's own route: docs/decisions/014). */
export const generateMetadata = routes.page.generateMetadata;
export default routes.page.Page;
