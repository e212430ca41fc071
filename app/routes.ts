import type { RouteConfig } from '@react-router/dev/routes';
import { flatRoutes } from '@react-router/fs-routes';

// Routes come from the file names in app/routes/, with Remix 2's flat-routes convention, so every
// file and URL stayed as it was.
export default flatRoutes() satisfies RouteConfig;
