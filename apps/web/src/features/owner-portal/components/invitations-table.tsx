import type { Invitation } from '@fitbase/domain/contracts/owner-portal';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useInvitations } from '../api/list-invitations';
import { Pager, formatDate, useCursorPager } from './pager';

const STATUS_VARIANT = {
  pending: 'default',
  accepted: 'secondary',
  expired: 'destructive',
} as const;

async function copyLink(invitation: Invitation) {
  // doc 1 §7: Copy Link copies {origin}/invite/{token}.
  const link = `${window.location.origin}/invite/${invitation.token}`;
  try {
    await navigator.clipboard.writeText(link);
    toast.success('Copied', { description: 'Invitation link copied to clipboard' });
  } catch {
    toast.error('Error', { description: `Could not copy the link: ${link}` });
  }
}

export function InvitationsTable() {
  const pager = useCursorPager();
  const invitations = useInvitations(pager.cursor);

  useEffect(() => {
    // doc 1 §8: fetch errors for invitations are only logged.
    if (invitations.error) console.error('Failed to fetch invitations', invitations.error);
  }, [invitations.error]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sent Invitations</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Plan</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Sent</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invitations.data?.items.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell>{invitation.email}</TableCell>
                  <TableCell>{invitation.planName ?? 'No plan assigned'}</TableCell>
                  <TableCell>
                    <Badge variant={STATUS_VARIANT[invitation.status]}>{invitation.status}</Badge>
                  </TableCell>
                  <TableCell>{formatDate(invitation.createdAt)}</TableCell>
                  <TableCell>{formatDate(invitation.expiresAt)}</TableCell>
                  <TableCell>
                    {invitation.status === 'pending' ? (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Copy Link for ${invitation.email}`}
                        onClick={() => void copyLink(invitation)}
                      >
                        Copy Link
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {invitations.data && invitations.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="text-center text-muted-foreground">
                    No invitations sent yet
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </div>
        <Pager
          pager={pager}
          nextCursor={invitations.data?.nextCursor}
          disabled={invitations.isFetching}
        />
      </CardContent>
    </Card>
  );
}
