import type { Invitation } from '@fitbase/domain/contracts/owner-portal';
import { useEffect } from 'react';
import { toast } from 'sonner';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useCursorPaging } from '@/components/data-table/paging';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { reportProblem } from '@/lib/report-error';
import { useInvitations } from '../api/list-invitations';
import { formatDate } from './format-date';

const STATUS_VARIANT = {
  pending: 'default',
  accepted: 'secondary',
  expired: 'destructive',
} as const;

async function copyLink(invitation: Invitation) {
  // docs/product/owner-portal.md#invite-users: Copy Link copies {origin}/invite/{token}.
  const link = `${window.location.origin}/invite/${invitation.token}`;
  try {
    await navigator.clipboard.writeText(link);
    toast.success('Copied', { description: 'Invitation link copied to clipboard' });
  } catch {
    reportProblem('Error', `Could not copy the link: ${link}`);
  }
}

const columns: DataTableColumn<Invitation>[] = [
  { id: 'email', header: 'Email', hideable: false, cell: (i) => i.email },
  { id: 'plan', header: 'Plan', cell: (i) => i.planName ?? 'No plan assigned' },
  {
    id: 'status',
    header: 'Status',
    cell: (i) => <Badge variant={STATUS_VARIANT[i.status]}>{i.status}</Badge>,
  },
  { id: 'sent', header: 'Sent', cell: (i) => formatDate(i.createdAt) },
  { id: 'expires', header: 'Expires', cell: (i) => formatDate(i.expiresAt) },
];

const rowId = (invitation: Invitation) => invitation.id;

function rowActions(invitation: Invitation) {
  if (invitation.status !== 'pending') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Copy Link for ${invitation.email}`}
      onClick={() => void copyLink(invitation)}
    >
      Copy Link
    </Button>
  );
}

export function InvitationsTable() {
  const paging = useCursorPaging();
  const invitations = useInvitations(paging.cursor);

  useEffect(() => {
    // Fetch errors for invitations are only logged, as in the original.
    if (invitations.error) console.error('Failed to fetch invitations', invitations.error);
  }, [invitations.error]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sent Invitations</CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Sent Invitations"
          columns={columns}
          rows={invitations.data?.items}
          getRowId={rowId}
          rowActions={rowActions}
          loading={invitations.isPending && !invitations.isError}
          fetching={invitations.isFetching}
          empty={<p className="py-6 text-center text-muted-foreground">No invitations sent yet</p>}
          pagination={{ mode: 'cursor', paging, nextCursor: invitations.data?.nextCursor }}
        />
      </CardContent>
    </Card>
  );
}
