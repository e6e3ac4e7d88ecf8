import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { InvitationsTable } from './invitations-table';
import { InviteForm } from './invite-form';

export function InviteTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Invite Users</CardTitle>
          <CardDescription>
            Send an invitation link, optionally with a subscription plan.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <InviteForm />
        </CardContent>
      </Card>
      <InvitationsTable />
    </div>
  );
}
