import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentOrganization } from '@/lib/session';
import { AddMemberWizard } from '../components/add-member/add-member-wizard';

/** /add-member (docs/product/members.md#add-member-wizard): the three-step wizard. */
export function AddMemberRoute() {
  const { organization } = useCurrentOrganization();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Button variant="ghost" asChild className="-ml-3">
        <Link to="/members">
          <ArrowLeft aria-hidden />
          Back to Members
        </Link>
      </Button>
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Add New Member</h1>
        <p className="text-muted-foreground">
          Create a member profile and their personal dashboard.
        </p>
      </div>
      <AddMemberWizard key={organization?.id ?? 'none'} organizationId={organization?.id ?? null} />
    </div>
  );
}
