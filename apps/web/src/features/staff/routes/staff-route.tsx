import { can } from '@fitbase/domain/permissions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCurrentOrganization, useMe } from '@/lib/session';
import { useOnDutyToday } from '../api/get-on-duty-today';
import { useStaffList } from '../api/list-staff';
import { CreateStaffDialog } from '../components/create-staff-dialog';
import { StaffList } from '../components/staff-list';
import { StaffStatsCards } from '../components/staff-stats';
import { TeamDirectoryCard } from '../components/team-directory-card';

function StaffPage() {
  const { role } = useCurrentOrganization();
  const { data: me } = useMe();
  const staff = useStaffList();
  const onDutyToday = useOnDutyToday();
  // docs/product/roles-and-permissions.md: every role sees the team; only owners and admins manage
  // it.
  const canManage = can(role, 'staff.manage');

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Staff</h1>
          <p className="text-muted-foreground">Manage your team members and their roles.</p>
        </div>
        {canManage ? <CreateStaffDialog /> : null}
      </div>

      <StaffStatsCards stats={staff.data?.stats} onDutyToday={onDutyToday.data} />

      <Card>
        <CardHeader>
          <CardTitle>Staff Members</CardTitle>
          <CardDescription>Everyone on your team and their role.</CardDescription>
        </CardHeader>
        <CardContent>
          {staff.isPending ? (
            <div className="space-y-3" aria-label="Loading staff">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          ) : staff.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(staff.error, 'Failed to load staff members')}
            </p>
          ) : (
            <StaffList
              staff={staff.data.staff}
              canManage={canManage}
              currentUserId={me?.user.id ?? null}
            />
          )}
        </CardContent>
      </Card>

      <TeamDirectoryCard />
    </div>
  );
}

/** /staff (docs/product/staff.md#staff-screen). */
export function StaffRoute() {
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  // Keyed by organization: switching studios starts from a clean page state.
  return <StaffPage key={organization.id} />;
}
