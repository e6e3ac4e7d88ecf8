import type { StudioFormat } from '@fitbase/domain/studio-format';
import type { LedgerEntry } from '@fitbase/domain/contracts/payments';
import type { OrganizationRole } from '@fitbase/domain/constants';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/columns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api/api-error';
import { failureMessage } from '@/lib/form-errors';
import { reportError } from '@/lib/report-error';
import { useCorrectPayment } from '../api/correct-payment';
import { PAYMENTS_PAGE_SIZE, useMemberPayments } from '../api/list-member-payments';
import { paymentActions, type PaymentAction } from '../lib/membership-actions';
import {
  CHARGE_STATUS_CLASSES,
  CHARGE_STATUS_LABELS,
  formatInstant,
  isPositive,
} from '../lib/money-format';
import { RefundDialog } from './payment-correction-dialogs';
import { ReceiptDownload } from './receipt-download';
import { WriteOffDialog } from '@/components/write-off-dialog';
import { useMoney, useStudioFormat } from '@/hooks/use-studio-format';

const ACTION_LABELS: Record<PaymentAction, string> = {
  refund: 'Refund',
  retry: 'Retry',
  'write-off': 'Write Off',
};

function method(entry: LedgerEntry): string {
  if (entry.method === 'card') {
    const card = entry.paymentMethodLabel ?? 'Card';
    // The demo provider is labelled wherever it shows (docs/product/money-and-store.md).
    return entry.provider === 'demo' ? `${card} (demo)` : card;
  }
  return entry.method === 'cash' ? 'Cash' : 'Other';
}

type Money = (amount: string) => string;

function columns(
  format: Pick<StudioFormat, 'locale' | 'timeZone'>,
  money: Money,
): DataTableColumn<LedgerEntry>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      cell: (entry) => formatInstant(entry.occurredAt, format),
      hideable: false,
    },
    {
      id: 'description',
      header: 'Description',
      primary: true,
      cell: (entry) => (
        // Table cells do not wrap: a decline's message would push Refund out of view.
        <div className="min-w-48 max-w-sm space-y-0.5 whitespace-normal">
          <p>
            {kindPrefix(entry)}
            {entry.description}
          </p>
          {entry.failureMessage ? (
            <p className="text-xs text-red-700 dark:text-red-400">{entry.failureMessage}</p>
          ) : null}
          {entry.reason ? (
            <p className="text-xs text-muted-foreground">Reason: {entry.reason}</p>
          ) : null}
          {entry.paidBy ? (
            // A household payer's card (docs/product/members.md#households).
            <p className="text-xs text-muted-foreground">Payer: {entry.paidBy.name}</p>
          ) : null}
        </div>
      ),
    },
    { id: 'method', header: 'Method', cell: method },
    {
      id: 'amount',
      header: 'Amount',
      cell: (entry) => (
        <span className="tabular-nums">
          {money(entry.amount)}
          {entry.kind === 'charge' && isPositive(entry.refundedAmount) ? (
            <span className="block text-xs text-muted-foreground">
              {money(entry.refundedAmount)} refunded
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (entry) => (
        <Badge
          variant="outline"
          data-status={entry.status}
          className={CHARGE_STATUS_CLASSES[entry.status]}
        >
          {CHARGE_STATUS_LABELS[entry.status]}
        </Badge>
      ),
    },
    {
      id: 'recordedBy',
      header: 'Recorded By',
      cell: (entry) => entry.recordedByName ?? 'Automatic billing',
      hiddenByDefault: true,
    },
  ];
}

/**
 * The member's payments, newest first, paged on the server (docs/product/money-and-store.md
 * #ledger): refunds and write-offs are rows of their own, never edits.
 */
/** "Refund: " or "Write-off: " before the description, unless the server already wrote it there. */
function kindPrefix(entry: LedgerEntry): string {
  const prefix =
    entry.kind === 'refund' ? 'Refund: ' : entry.kind === 'write_off' ? 'Write-off: ' : '';
  return entry.description.startsWith(prefix) ? '' : prefix;
}

export function PaymentsHistory({
  memberId,
  role,
  timeZone,
}: {
  memberId: string;
  role: OrganizationRole | null;
  timeZone: string;
}) {
  const [page, setPage] = useState(1);
  const money = useMoney();
  const { locale } = useStudioFormat();
  const payments = useMemberPayments(memberId, page);
  const correct = useCorrectPayment(memberId);
  const [refundingId, setRefundingId] = useState<string | null>(null);
  const [writingOffId, setWritingOffId] = useState<string | null>(null);
  const entries = payments.data?.entries;
  const writingOff = entries?.find((e) => e.id === writingOffId);
  const total = payments.data?.pageInfo.total ?? 0;

  const retry = (entry: LedgerEntry) =>
    correct.mutate(
      { action: 'retry', id: entry.id },
      {
        onSuccess: () => toast.success('Payment collected', { description: entry.description }),
        onError: (error) =>
          reportError(error, {
            title:
              error instanceof ApiError &&
              (error.code === 'card_declined' || error.code === 'insufficient_funds')
                ? 'Payment declined'
                : 'Failed to retry payment',
            fallback: 'Please try again',
          }),
      },
    );

  const act = (entry: LedgerEntry, action: PaymentAction) => {
    if (action === 'refund') setRefundingId(entry.id);
    else if (action === 'write-off') setWritingOffId(entry.id);
    else retry(entry);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Payments</h2>
        </CardTitle>
        <CardDescription>Charges, refunds and write-offs for this member</CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Payments"
          columns={columns({ locale, timeZone }, money)}
          rows={entries}
          getRowId={(entry) => entry.id}
          loading={payments.isPending}
          fetching={payments.isFetching}
          error={
            payments.isError ? failureMessage(payments.error, 'Failed to load payments') : undefined
          }
          loadingLabel="Loading payments..."
          empty="No payments yet."
          rowActions={(entry) => {
            const actions = paymentActions(entry, role);
            return actions.length || entry.receiptNumber ? (
              <div className="flex flex-wrap gap-1">
                <ReceiptDownload entry={entry} />
                {actions.map((action) => (
                  <Button
                    key={action}
                    variant="outline"
                    size="sm"
                    disabled={correct.isPending && correct.variables?.id === entry.id}
                    onClick={() => act(entry, action)}
                    aria-label={`${ACTION_LABELS[action]} ${entry.description}`}
                  >
                    {ACTION_LABELS[action]}
                  </Button>
                ))}
              </div>
            ) : null;
          }}
          pagination={{
            mode: 'pages',
            page,
            pageCount: Math.ceil(total / PAYMENTS_PAGE_SIZE),
            onPageChange: setPage,
          }}
        />
      </CardContent>
      <RefundDialog
        entry={entries?.find((e) => e.id === refundingId)}
        onOpenChange={(open) => !open && setRefundingId(null)}
        correct={correct}
      />
      <WriteOffDialog
        target={
          writingOff
            ? {
                summary: `${writingOff.description} (${money(writingOff.amount)})`,
                item: writingOff.description,
              }
            : null
        }
        onOpenChange={(open) => !open && setWritingOffId(null)}
        onWriteOff={(reason) =>
          correct.mutateAsync({ action: 'write-off', id: writingOffId ?? '', reason })
        }
        pending={correct.isPending}
        idPrefix="write-off"
      />
    </Card>
  );
}
