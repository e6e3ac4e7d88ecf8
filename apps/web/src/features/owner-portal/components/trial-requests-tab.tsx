import { BUSINESS_TYPES } from '@fitbase/domain/constants';
import type { TrialRequestPage } from '@fitbase/domain/contracts/owner-portal';
import { useEffect } from 'react';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useCursorPaging } from '@/components/data-table/paging';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTrialRequests } from '../api/list-trial-requests';

type TrialRequest = TrialRequestPage['items'][number];

const businessTypeLabel = (value: string) =>
  BUSINESS_TYPES.find((b) => b.value === value)?.label ?? value;

const columns: DataTableColumn<TrialRequest>[] = [
  {
    id: 'received',
    header: 'Received',
    className: 'whitespace-nowrap',
    cell: (r) => new Date(r.createdAt).toLocaleString(),
  },
  {
    id: 'business',
    header: 'Business',
    hideable: false,
    primary: true,
    className: 'font-medium',
    cell: (r) => r.businessName,
  },
  { id: 'contact', header: 'Contact', cell: (r) => r.contactName },
  { id: 'email', header: 'Email', cell: (r) => r.email },
  { id: 'phone', header: 'Phone', cell: (r) => r.phone },
  { id: 'type', header: 'Type', cell: (r) => businessTypeLabel(r.businessType) },
  { id: 'members', header: 'Members', cell: (r) => r.currentMembers ?? '—' },
  { id: 'location', header: 'Location', cell: (r) => r.location ?? '—' },
  { id: 'software', header: 'Current Software', cell: (r) => r.currentSoftware ?? '—' },
  {
    id: 'challenges',
    header: 'Challenges',
    className: 'min-w-64 whitespace-pre-wrap',
    cell: (r) => r.challenges ?? '—',
  },
];

const rowId = (request: TrialRequest) => request.id;

/**
 * The fifth tab (docs/product/owner-portal.md#trial-requests): stored trial requests, newest first,
 * with all their fields.
 */
export function TrialRequestsTab() {
  const paging = useCursorPaging();
  const requests = useTrialRequests(paging.cursor);

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
        <DataTable
          label="Trial Requests"
          columns={columns}
          rows={requests.data?.items}
          getRowId={rowId}
          loading={requests.isPending && !requests.isError}
          fetching={requests.isFetching}
          empty={<p className="py-6 text-center text-muted-foreground">No trial requests yet</p>}
          pagination={{ mode: 'cursor', paging, nextCursor: requests.data?.nextCursor }}
        />
      </CardContent>
    </Card>
  );
}
