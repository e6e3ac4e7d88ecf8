import { createRouter } from '../../http/openapi.ts';
import { portalAccess } from './access.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { invitationAcceptanceRoutes, invitationsRoutes } from './invitations.routes.ts';
import { plansRoutes } from './plans.routes.ts';
import { usersRoutes } from './users.routes.ts';

/**
 * The owner portal's API (doc 1 §2): everything under /api/owner-portal passes the platform
 * access check first; /api/invitations/{token} is the invited person's side and is not behind it.
 */
export function ownerPortalRoutes() {
  const app = createRouter();
  app.use('/api/owner-portal/*', portalAccess());
  app.route('/', usersRoutes());
  app.route('/', plansRoutes());
  app.route('/', invitationsRoutes());
  app.route('/', analyticsRoutes());
  app.route('/', invitationAcceptanceRoutes());
  return app;
}
