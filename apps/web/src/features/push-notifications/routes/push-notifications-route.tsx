import type { PushNotification } from '@fitbase/domain/contracts/push-notifications';
import { can } from '@fitbase/domain/permissions';
import { Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { StudioDateTime } from '@/components/studio-date';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { useGroups } from '../api/list-groups';
import { usePushNotifications } from '../api/list-push-notifications';
import { PushNotificationDialog } from '../components/push-notification-dialog';

const columns: DataTableColumn<PushNotification>[] = [
  {
    id: 'message',
    header: 'Message',
    primary: true,
    hideable: false,
    cell: (n) => <p className="max-w-md whitespace-pre-wrap break-words">{n.message}</p>,
  },
  {
    id: 'target',
    header: 'Sent to',
    cell: (n) => (n.audienceId ? (n.audienceName ?? 'A deleted group') : 'Everyone'),
  },
  {
    id: 'marketing',
    header: 'Type',
    cell: (n) =>
      n.isMarketing ? <Badge>Marketing</Badge> : <Badge variant="outline">Service</Badge>,
  },
  {
    id: 'reach',
    header: 'Reach',
    className: 'tabular-nums',
    cell: (n) => (
      <div className="text-sm">
        <p className="font-medium">{n.recipientCount} members</p>
        <p className="text-muted-foreground">
          {n.emailCount} by email · {n.pushCount} by push
        </p>
      </div>
    ),
  },
  { id: 'sentBy', header: 'Sent by', cell: (n) => n.sentByName ?? '—' },
  {
    id: 'date',
    header: 'Date',
    cell: (n) => <StudioDateTime instant={n.createdAt} />,
  },
];

/** /connect/notifications (docs/product/connect-and-messaging.md#push-notifications). */
export function PushNotificationsRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return <PushNotificationsPage key={organization.id} canSend={can(role, 'connect.manage')} />;
}

function PushNotificationsPage({ canSend }: { canSend: boolean }) {
  const [open, setOpen] = useState(false);
  const sent = usePushNotifications();
  const groups = useGroups();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Push Notifications</h1>
          <p className="text-muted-foreground">Send a short message to your members.</p>
        </div>
        {canSend ? (
          <Button onClick={() => setOpen(true)}>
            <Send aria-hidden />
            Send Notification
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent className="flex items-start gap-3 pt-6 text-sm">
          <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <p>
            Push notifications reach members who turned on push in the member portal (marketing also
            needs their consent to offers by push); every other member gets them by email.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Sent Notifications</h2>
          </CardTitle>
          <CardDescription>Newest first, with the members each one reached</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Sent notifications"
            columns={columns}
            rows={sent.data}
            getRowId={(n) => n.id}
            loading={sent.isPending}
            fetching={sent.isFetching}
            loadingLabel="Loading notifications..."
            error={
              sent.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  {failureMessage(sent.error, 'Failed to load notifications')}
                </p>
              ) : null
            }
            empty={
              <p className="py-10 text-center text-muted-foreground">No notifications sent yet</p>
            }
          />
        </CardContent>
      </Card>
      <PushNotificationDialog open={open} onOpenChange={setOpen} groups={groups.data ?? []} />
    </div>
  );
}
