import { useCurrentOrganization } from '@/lib/session';
import { HomeDashboard } from '../components/home-dashboard';

/**
 * The studio home: what `/` shows a signed-in person with a current organization
 * (docs/product/dashboards.md#studio-home). Mounted by the app's `/` switch, never for visitors.
 */
export function HomeRoute() {
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <HomeDashboard key={organization.id} organization={organization} />;
}
