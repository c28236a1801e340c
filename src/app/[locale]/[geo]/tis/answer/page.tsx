import { tisRoutes as routes } from '@/components/tis/tis-tool';

/** The tool's answer to the query, rendered per request (the edge routes /tis?… here: docs/decisions/014). */
export const dynamic = 'force-dynamic';
export const generateMetadata = routes.answer.generateMetadata;
export default routes.answer.Page;
