import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { useHousehold } from '../api/households';
import { useLeadToConvert } from '../api/lead-conversion';
import { AddMemberWizard } from '../components/add-member/add-member-wizard';

/** /add-member (docs/product/members.md#add-member-wizard): the three-step wizard. */
export function AddMemberRoute() {
  const { organization } = useCurrentOrganization();
  // "Convert to member" on a lead: the wizard starts from the lead and converts it on success.
  const [params] = useSearchParams();
  const leadId = params.get('leadId');
  const lead = useLeadToConvert(leadId);
  // `Add a child` on a household: the new member joins it (docs/product/members.md#households).
  const householdId = params.get('householdId');
  const household = useHousehold(householdId);
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
      {(leadId && lead.isPending) || (householdId && household.isPending) ? (
        <Skeleton className="h-96 w-full" aria-label="Loading..." />
      ) : leadId && lead.isError ? (
        <p role="alert" className="text-destructive">
          {failureMessage(lead.error, 'Failed to load the lead')}
        </p>
      ) : householdId && household.isError ? (
        <p role="alert" className="text-destructive">
          {failureMessage(household.error, 'Failed to load the household')}
        </p>
      ) : (
        <AddMemberWizard
          key={`${organization?.id ?? 'none'}:${lead.data?.id ?? ''}:${householdId ?? ''}`}
          lead={lead.data}
          household={household.data}
        />
      )}
    </div>
  );
}
