import { CreditCard, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePaymentMethods } from '../../api/list-payment-methods';
import { BRAND_LABELS, formatExpiry } from '../payment/card-display';

/**
 * The member's active payment methods, default first (docs/product/members.md#member-dashboard):
 * never more than last four.
 */
export function PaymentMethodsTab({ memberId, canAdd }: { memberId: string; canAdd: boolean }) {
  const { data: methods, isPending, isError } = usePaymentMethods(memberId);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Payment Methods</h2>
          </CardTitle>
          <CardDescription>Cards on file for this member</CardDescription>
        </div>
        {canAdd ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={`/member/${memberId}/payment`}>
              <Plus aria-hidden />
              Add Payment Method
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : isError ? (
          // Payment-method fetch errors are only logged, as in the original; the list reads as
          // empty.
          <p className="text-sm text-muted-foreground">No payment methods on file</p>
        ) : methods.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payment methods on file</p>
        ) : (
          <ul aria-label="Payment methods" className="divide-y rounded-md border">
            {methods.map((method) => (
              <li key={method.id} className="flex flex-wrap items-center gap-3 p-3">
                <CreditCard className="size-5 text-muted-foreground" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {BRAND_LABELS[method.cardBrand]}{' '}
                    <span className="font-mono">•••• {method.cardLastFour}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Expires {formatExpiry(method.cardExpMonth, method.cardExpYear)} ·{' '}
                    {method.billingName}
                  </p>
                </div>
                {method.isDefault ? <Badge>Default</Badge> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
