import { createRouter } from '../../http/openapi.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { invitationAcceptanceRoutes, invitationsRoutes } from './invitations.routes.ts';
import { plansRoutes } from './plans.routes.ts';
import { usersRoutes } from './users.routes.ts';

/**
 * The owner portal's API (docs/product/owner-portal.md): every /api/owner-portal route is
 * declared with `platformRoute` (platform owners and admins); the invited person's side
 * (/api/invitations/...) is public or account-level.
 */
export function ownerPortalRoutes() {
  const app = createRouter();
  app.route('/', usersRoutes());
  app.route('/', plansRoutes());
  app.route('/', invitationsRoutes());
  app.route('/', analyticsRoutes());
  app.route('/', invitationAcceptanceRoutes());
  return app;
}
