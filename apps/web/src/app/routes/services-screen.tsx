import { can } from '@fitbase/domain/permissions';
import { PlanList } from '@/features/plans/components/plan-list';
import { ServicesRoute } from '@/features/services/routes/services-route';
import { useCurrentOrganization } from '@/lib/session';

/**
 * /services: the services feature's screen with each service's plans beside it. Composed here,
 * in the app shell, because features never import each other.
 */
export function ServicesScreen() {
  const { role } = useCurrentOrganization();
  const canManagePlans = can(role, 'money.manage');
  return (
    <ServicesRoute
      renderPlans={({ service, services }) => (
        <PlanList service={service} services={services} canManage={canManagePlans} />
      )}
    />
  );
}
