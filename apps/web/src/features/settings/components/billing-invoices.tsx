import type { SubscriptionInvoice } from '@fitbase/domain/contracts/settings';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { planName } from './billing-plans';

/** The subscription's invoices, newest first. */
export function BillingInvoices({ invoices }: { invoices: SubscriptionInvoice[] }) {
  if (invoices.length === 0)
    return <p className="text-sm text-muted-foreground">No invoices yet: the trial is free.</p>;
  return (
    <Table aria-label="Invoices">
      <TableHeader>
        <TableRow>
          <TableHead>Invoice</TableHead>
          <TableHead>Plan</TableHead>
          <TableHead>Period</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <TableCell className="font-mono">{invoice.number}</TableCell>
            <TableCell>{planName(invoice.tier)}</TableCell>
            <TableCell>
              {invoice.periodStart} – {invoice.periodEnd}
            </TableCell>
            <TableCell className="text-right">${invoice.amount}</TableCell>
            <TableCell>
              <Badge variant={invoice.status === 'paid' ? 'secondary' : 'outline'}>
                {invoice.status === 'paid' ? 'Paid' : invoice.status === 'open' ? 'Open' : 'Void'}
              </Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
