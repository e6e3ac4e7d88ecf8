import { can } from '@fitbase/domain/permissions';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useCurrentOrganization } from '@/lib/session';
import { useReportLoadFailure } from '@/lib/report-error';
import { useMember } from '../api/get-member';
import { fullName } from '../components/member-format';
import { PaymentMethodForm } from '../components/payment/payment-method-form';

/** /member/{id}/payment (docs/product/members.md#payment-methods). */
export function PaymentRoute() {
  const { memberId = '' } = useParams();
  const { role } = useCurrentOrganization();
  const member = useMember(memberId);
  const notFound = member.error instanceof ApiError && member.error.status === 404;

  useReportLoadFailure(member.isError && !notFound, 'Failed to load member information');

  const back = (
    <Button variant="ghost" asChild className="-ml-3">
      <Link
        to={member.data ? `/member/${memberId}` : '/members'}
        state={{ tab: 'payment-methods' }}
      >
        <ArrowLeft aria-hidden />
        Back
      </Link>
    </Button>
  );

  if (member.isPending) return <p className="text-muted-foreground">Loading...</p>;
  if (member.isError) {
    return (
      <div className="space-y-4">
        {back}
        <p className="text-lg font-medium">
          {notFound ? 'Member not found' : 'Failed to load member information'}
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {back}
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Add Payment Method</h1>
        <p className="text-muted-foreground">
          <span className="font-medium text-foreground">{fullName(member.data)}</span> ·{' '}
          {member.data.email ?? 'No email'}
        </p>
      </div>
      <PaymentMethodForm memberId={memberId} allowed={can(role, 'payment_methods.create')} />
    </div>
  );
}
