import type { PayRate } from '@fitbase/domain/contracts/pay-rates';
import { can } from '@fitbase/domain/permissions';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DataTableColumn } from '@/components/data-table/columns';
import { Money } from '@/components/money';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useDeletePayRate } from '../api/delete-pay-rate';
import { usePayRates } from '../api/list-pay-rates';
import { PayRateFormDialog } from '../components/pay-rate-form-dialog';
import {
  formatCalendarDate,
  PAY_RATE_KIND_LABELS,
  payRateLabel,
  studioToday,
} from '../lib/money-format';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';
import { StudioDay } from '@/components/studio-date';

const payRateColumns: DataTableColumn<PayRate>[] = [
  { id: 'trainer', header: 'Trainer', primary: true, hideable: false, cell: (r) => r.staffName },
  { id: 'kind', header: 'Paid', cell: (r) => PAY_RATE_KIND_LABELS[r.kind] },
  {
    id: 'amount',
    header: 'Rate',
    className: 'tabular-nums',
    cell: (r) => <Money amount={r.amount} />,
  },
  {
    id: 'effective',
    header: 'Effective from',
    cell: (r) => <StudioDay day={r.effectiveFrom} />,
  },
  {
    id: 'current',
    header: 'In force',
    cell: (r) =>
      r.isCurrent ? (
        <Badge variant="secondary">Current</Badge>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
];

/** /manage/pay-rates: trainers' pay rates (docs/product/money-and-store.md#pay-rates). */
export function PayRatesRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  if (!can(role, 'money.manage'))
    return (
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Pay Rates</h1>
        <p className="text-muted-foreground">Only owners and admins manage pay rates.</p>
      </div>
    );
  return <PayRatesPage key={organization.id} today={studioToday(organization.timezone)} />;
}

function PayRatesPage({ today }: { today: string }) {
  const rates = usePayRates();
  const money = useMoney();
  const { locale } = useStudioFormat();
  const remove = useDeletePayRate();
  const [adding, setAdding] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const deleting = rates.data?.find((r) => r.id === deletingId);

  const confirmDelete = (rate: PayRate) =>
    remove.mutate(rate.id, {
      onSuccess: () => toast.success('Success', { description: 'Pay rate deleted' }),
      onError: (error) => reportError(error, { fallback: 'Failed to delete the pay rate' }),
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Pay Rates</h1>
          <p className="text-muted-foreground">
            What each trainer earns per class taught, per hour of appointments or per attendee.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/manage">
              <ArrowLeft aria-hidden /> Back to Manage
            </Link>
          </Button>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Pay Rate
          </Button>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Rates</h2>
          </CardTitle>
          <CardDescription>
            The current rate is the latest one whose effective date has come.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Pay rates"
            columns={payRateColumns}
            rows={rates.data}
            getRowId={(r) => r.id}
            rowActions={(rate) => (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${payRateLabel(rate, money)} for ${rate.staffName}`}
                onClick={() => setDeletingId(rate.id)}
              >
                <Trash2 aria-hidden />
                Delete
              </Button>
            )}
            loading={rates.isPending}
            fetching={rates.isFetching}
            loadingLabel="Loading pay rates..."
            error={
              rates.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  {failureMessage(rates.error, 'Failed to load pay rates')}
                </p>
              ) : null
            }
            empty={
              <div className="space-y-3 py-10 text-center">
                <p className="font-medium">No pay rates yet</p>
                <Button onClick={() => setAdding(true)}>Add the First Pay Rate</Button>
              </div>
            }
          />
        </CardContent>
      </Card>
      <PayRateFormDialog open={adding} onOpenChange={setAdding} today={today} />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeletingId(null)}
        title="Delete Pay Rate"
        description={
          <>
            Delete {deleting ? payRateLabel(deleting, money) : ''} for {deleting?.staffName},
            effective {deleting ? formatCalendarDate(deleting.effectiveFrom, locale) : ''}? Use this
            for a rate entered by mistake; to change a rate, add a new one from its effective date.
          </>
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}
