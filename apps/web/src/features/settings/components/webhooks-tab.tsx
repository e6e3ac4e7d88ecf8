import type { WebhookEndpoint } from '@fitbase/domain/contracts/webhooks';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { StudioDateTime } from '@/components/studio-date';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formSuccess } from '@/lib/form-feedback';
import { reportError } from '@/lib/report-error';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { useDeleteWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/save-webhook-endpoint';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';

/**
 * Settings → Webhooks (docs/product/integrations.md#webhooks), for owners and admins: HTTPS
 * endpoints that receive the studio's events, signed with each endpoint's own secret.
 */
export function WebhooksTab() {
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1 space-y-1.5">
            <CardTitle>
              <h2>Webhooks</h2>
            </CardTitle>
            <CardDescription>
              Send members, memberships, bookings, check-ins, payments, orders, leads and waivers to
              your own systems as they change. Each request is signed (Standard Webhooks) with the
              endpoint&apos;s secret and retried for about 28 hours when it fails.
            </CardDescription>
          </div>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add endpoint
          </Button>
        </CardHeader>
        <CardContent>
          <EndpointList />
        </CardContent>
      </Card>
      <WebhookEndpointDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}

function EndpointList() {
  const endpoints = useWebhookEndpoints();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  if (endpoints.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (endpoints.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the webhook endpoints
      </p>
    );
  if (endpoints.data.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <Webhook className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No endpoint yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Add an https:// address of your CRM, accounting or door system to receive events.
        </p>
      </div>
    );

  const toggle = async (endpoint: WebhookEndpoint, enabled: boolean) => {
    try {
      await update.mutateAsync({ id: endpoint.id, changes: { enabled } });
      formSuccess(enabled ? 'Endpoint enabled' : 'Endpoint disabled');
    } catch (error) {
      reportError(error, { fallback: 'Failed to change the endpoint', formToast: true });
    }
  };
  const onDelete = async (endpoint: WebhookEndpoint) => {
    try {
      await remove.mutateAsync(endpoint.id);
      formSuccess('Endpoint deleted');
    } catch (error) {
      reportError(error, { fallback: 'Failed to delete the endpoint', formToast: true });
    } finally {
      setDeleting(null);
    }
  };

  // The live endpoint, so the Deliveries dialog shows a rotated secret at once.
  const shown = viewing && endpoints.data.find((e) => e.id === viewing.id);
  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Endpoint</TableHead>
            <TableHead>Events</TableHead>
            <TableHead>Enabled</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {endpoints.data.map((endpoint) => (
            <TableRow key={endpoint.id}>
              <TableCell className="max-w-xs">
                <div className="truncate font-medium">{endpoint.url}</div>
                {endpoint.description ? (
                  <div className="text-sm text-muted-foreground">{endpoint.description}</div>
                ) : null}
                {endpoint.disabledReason ? (
                  <Badge variant="destructive" className="mt-1">
                    {endpoint.disabledReason}
                  </Badge>
                ) : endpoint.failingSince ? (
                  <Badge variant="outline" className="mt-1">
                    Failing since <StudioDateTime instant={endpoint.failingSince} />
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell className="text-sm">{endpoint.events.join(', ')}</TableCell>
              <TableCell>
                <Switch
                  checked={endpoint.enabled}
                  aria-label={`Enabled: ${endpoint.url}`}
                  disabled={update.isPending}
                  onCheckedChange={(checked) => void toggle(endpoint, checked)}
                />
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  <Button variant="outline" size="sm" onClick={() => setViewing(endpoint)}>
                    Deliveries
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setEditing(endpoint)}>
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Delete ${endpoint.url}`}
                    onClick={() => setDeleting(endpoint)}
                  >
                    Delete
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <WebhookEndpointDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        endpoint={editing ?? undefined}
      />
      <WebhookDeliveriesDialog
        endpoint={shown ?? null}
        onOpenChange={(open) => !open && setViewing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this endpoint?"
        description={`${deleting?.url ?? ''} stops receiving events, and its delivery log is deleted.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        closeOnConfirm={false}
        onConfirm={() => {
          if (deleting) void onDelete(deleting);
        }}
      />
    </>
  );
}
