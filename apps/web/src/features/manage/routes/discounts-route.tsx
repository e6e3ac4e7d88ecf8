import type { Discount } from '@fitbase/domain/contracts/discounts';
import { can } from '@fitbase/domain/permissions';
import { ArrowLeft, Pencil, Plus, Power, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useDiscounts } from '../api/list-discounts';
import { useDeleteDiscount } from '../api/delete-discount';
import { useUpdateDiscount } from '../api/update-discount';
import { DiscountFormDialog } from '../components/discount-form-dialog';
import {
  appliesToLabel,
  discountState,
  DISCOUNT_STATE_LABELS,
  discountValueLabel,
  studioToday,
  usageLabel,
  validityLabel,
} from '../lib/money-format';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';

function discountColumns(today: string, locale: string): DataTableColumn<Discount>[] {
  return [
    {
      id: 'code',
      header: 'Code',
      primary: true,
      hideable: false,
      cell: (d) => (
        <div>
          <p className="font-mono font-medium">{d.code}</p>
          {d.description ? <p className="text-xs text-muted-foreground">{d.description}</p> : null}
        </div>
      ),
    },
    { id: 'value', header: 'Discount', cell: (d) => <DiscountValue discount={d} /> },
    { id: 'applies', header: 'Applies to', cell: appliesToLabel },
    { id: 'validity', header: 'Valid', cell: (d) => validityLabel(d, locale) },
    {
      id: 'usage',
      header: 'Usage',
      className: 'tabular-nums',
      cell: (d) => usageLabel(d, locale),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (d) => {
        const state = discountState(d, today);
        return (
          <Badge variant={state === 'active' ? 'secondary' : 'outline'}>
            {DISCOUNT_STATE_LABELS[state]}
          </Badge>
        );
      },
    },
  ];
}

/** /manage/discounts: the studio's discount codes (docs/product/money-and-store.md#discounts). */
export function DiscountsRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  if (!can(role, 'money.manage'))
    return (
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Discount Codes</h1>
        <p className="text-muted-foreground">Only owners and admins manage discount codes.</p>
      </div>
    );
  return <DiscountsPage key={organization.id} today={studioToday(organization.timezone)} />;
}

function DiscountsPage({ today }: { today: string }) {
  const { locale } = useStudioFormat();
  const discounts = useDiscounts();
  const update = useUpdateDiscount();
  const remove = useDeleteDiscount();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const list = discounts.data;
  const editing = list?.find((d) => d.id === editingId);
  const deleting = list?.find((d) => d.id === deletingId);

  const setActive = (discount: Discount, isActive: boolean) =>
    update.mutate(
      { id: discount.id, changes: { isActive } },
      {
        onSuccess: () =>
          toast.success('Success', {
            description: `${discount.code} ${isActive ? 'activated' : 'deactivated'}`,
          }),
        onError: (error) => reportError(error, { fallback: 'Failed to update the code' }),
      },
    );

  const confirmDelete = (discount: Discount) =>
    remove.mutate(discount.id, {
      onSuccess: () => toast.success('Success', { description: `${discount.code} deleted` }),
      onError: (error) => reportError(error, { fallback: 'Failed to delete the code' }),
    });

  const rowActions = (discount: Discount) => (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-label={`Edit ${discount.code}`}
        onClick={() => setEditingId(discount.id)}
      >
        <Pencil aria-hidden />
        Edit
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${discount.isActive ? 'Deactivate' : 'Activate'} ${discount.code}`}
        disabled={update.isPending && update.variables?.id === discount.id}
        onClick={() => setActive(discount, !discount.isActive)}
      >
        <Power aria-hidden />
        {discount.isActive ? 'Deactivate' : 'Activate'}
      </Button>
      {/* A used code stays for its history: it can only be deactivated. */}
      {discount.timesUsed === 0 ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${discount.code}`}
          onClick={() => setDeletingId(discount.id)}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      ) : null}
    </div>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Discount Codes</h1>
          <p className="text-muted-foreground">
            Codes for memberships and store sales: percent or fixed amount, dates and a usage limit.
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
            Add Discount Code
          </Button>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Codes</h2>
          </CardTitle>
          <CardDescription>Active codes first</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            label="Discount codes"
            columns={discountColumns(today, locale)}
            rows={list}
            getRowId={(d) => d.id}
            rowActions={rowActions}
            loading={discounts.isPending}
            fetching={discounts.isFetching}
            loadingLabel="Loading discount codes..."
            error={
              discounts.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  {failureMessage(discounts.error, 'Failed to load discount codes')}
                </p>
              ) : null
            }
            empty={
              <div className="space-y-3 py-10 text-center">
                <p className="font-medium">No discount codes yet</p>
                <Button onClick={() => setAdding(true)}>Add Your First Code</Button>
              </div>
            }
          />
        </CardContent>
      </Card>
      <DiscountFormDialog open={adding} onOpenChange={setAdding} />
      <DiscountFormDialog
        key={editing?.id ?? 'none'}
        open={Boolean(editing)}
        onOpenChange={(open) => !open && setEditingId(null)}
        discount={editing}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeletingId(null)}
        title="Delete Discount Code"
        description={<>Delete {deleting?.code}? It has never been used. This cannot be undone.</>}
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}

/** A discount's value: "10%", or a fixed amount in the studio's currency. */
function DiscountValue({ discount }: { discount: Discount }) {
  const money = useMoney();
  return <>{discountValueLabel(discount, money)}</>;
}
