import { BUSINESS_TYPES } from '@fitbase/domain/constants';
import { useEffect } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useTrialRequests } from '../api/list-trial-requests';
import { Pager, useCursorPager } from './pager';

const businessTypeLabel = (value: string) =>
  BUSINESS_TYPES.find((b) => b.value === value)?.label ?? value;

/** The fifth tab (DECISIONS.md): stored trial requests, newest first, with all their fields. */
export function TrialRequestsTab() {
  const pager = useCursorPager();
  const requests = useTrialRequests(pager.cursor);

  useEffect(() => {
    if (requests.error) console.error('Failed to fetch trial requests', requests.error);
  }, [requests.error]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Trial Requests</CardTitle>
        <CardDescription>
          Free-trial requests from the public trial page, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Received</TableHead>
                <TableHead>Business</TableHead>
                <TableHead>Contact</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Phone</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Members</TableHead>
                <TableHead>Location</TableHead>
                <TableHead>Current Software</TableHead>
                <TableHead>Challenges</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {requests.data?.items.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="whitespace-nowrap">
                    {new Date(r.createdAt).toLocaleString()}
                  </TableCell>
                  <TableCell className="font-medium">{r.businessName}</TableCell>
                  <TableCell>{r.contactName}</TableCell>
                  <TableCell>{r.email}</TableCell>
                  <TableCell>{r.phone}</TableCell>
                  <TableCell>{businessTypeLabel(r.businessType)}</TableCell>
                  <TableCell>{r.currentMembers ?? '—'}</TableCell>
                  <TableCell>{r.location ?? '—'}</TableCell>
                  <TableCell>{r.currentSoftware ?? '—'}</TableCell>
                  <TableCell className="min-w-64 whitespace-pre-wrap">
                    {r.challenges ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
              {requests.data && requests.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={10} className="text-center text-muted-foreground">
                    No trial requests yet
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </div>
        <Pager
          pager={pager}
          nextCursor={requests.data?.nextCursor}
          disabled={requests.isFetching}
        />
      </CardContent>
    </Card>
  );
}
