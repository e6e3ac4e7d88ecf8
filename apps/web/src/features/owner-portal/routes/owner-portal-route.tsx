import { PORTAL_ROLES } from '@fitbase/domain/contracts/owner-portal';
import { ShieldAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMe } from '@/lib/session';
import { AnalyticsTab } from '../components/analytics-tab';
import { InviteTab } from '../components/invite-tab';
import { PlansTab } from '../components/plans-tab';
import { TrialRequestsTab } from '../components/trial-requests-tab';
import { UsersTab } from '../components/users-tab';

const TAB_VALUES = ['users', 'plans', 'invite', 'analytics', 'trials'];

function AccessDenied() {
  return (
    <Card className="max-w-lg">
      <CardHeader className="flex flex-row items-center gap-2">
        <ShieldAlert className="size-5 text-destructive" aria-hidden />
        <CardTitle>
          <h1 className="text-xl font-bold">Access Denied</h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="text-muted-foreground">
        Only platform owners and admins can open the owner portal.
      </CardContent>
    </Card>
  );
}

/**
 * /owner-portal (docs/product/owner-portal.md#access): platform owners and admins only. Others get
 * 'Access Denied' and no tab mounts, so no portal request is even made (the API refuses them as
 * well).
 */
export function OwnerPortalRoute() {
  const { data: me } = useMe();
  const [params] = useSearchParams();
  const tabParam = params.get('tab');
  const role = me?.platformRole ?? 'user';
  if (!(PORTAL_ROLES as readonly string[]).includes(role)) return <AccessDenied />;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Owner Portal</h1>
        <p className="text-muted-foreground">
          Manage users, subscription plans, invitations and platform analytics.
        </p>
      </div>
      {/* A link can open a tab (?tab=trials from a trial-request notification). */}
      <Tabs defaultValue={tabParam && TAB_VALUES.includes(tabParam) ? tabParam : 'users'}>
        <TabsList className="flex-wrap">
          <TabsTrigger value="users">User Management</TabsTrigger>
          <TabsTrigger value="plans">Subscription Plans</TabsTrigger>
          <TabsTrigger value="invite">Invite Users</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="trials">Trial Requests</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="plans">
          <PlansTab />
        </TabsContent>
        <TabsContent value="invite">
          <InviteTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="trials">
          <TrialRequestsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
