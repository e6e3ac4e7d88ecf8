import { can } from '@fitbase/domain/permissions';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useCurrentOrganization } from '@/lib/session';
import { useManageOverview } from '../api/get-manage-overview';
import { ManageSections } from '../components/manage-overview';

/** /manage (docs/product/schedule.md): the studio's setup at a glance. */
export function ManageRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return (
    <ManageScreen
      key={organization.id}
      timeZone={organization.timezone}
      canManageMoney={can(role, 'money.manage')}
    />
  );
}

function ManageScreen({ timeZone, canManageMoney }: { timeZone: string; canManageMoney: boolean }) {
  const overview = useManageOverview();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Manage</h1>
          <p className="text-muted-foreground">
            Clients, classes, facilities, trainers, services, discounts and pay rates of your
            studio.
          </p>
        </div>
        <Button variant="outline" asChild>
          <Link to="/dashboard/staff">
            <ArrowLeft aria-hidden /> Back to Dashboard
          </Link>
        </Button>
      </div>
      {overview.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(overview.error, 'Failed to load the overview')}
        </p>
      ) : null}
      <ManageSections
        overview={overview.data}
        timeZone={timeZone}
        canManageMoney={canManageMoney}
      />
    </div>
  );
}
