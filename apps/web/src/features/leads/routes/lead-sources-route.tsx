import { can } from '@fitbase/domain/permissions';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCurrentOrganization } from '@/lib/session';
import { reportProblem } from '@/lib/report-error';
import { joinFormUrl } from '../api/convert-lead-link';
import { useLeadSources } from '../api/list-lead-sources';
import { useStaffPeople } from '../api/list-staff-people';
import { LeadSourcesCard } from '../components/lead-sources-card';
import { LeadsCard } from '../components/leads-card';

/** /connect/sources (docs/product/connect-and-messaging.md#lead-sources-and-leads). */
export function LeadSourcesRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return null;
  return (
    <LeadSourcesPage
      key={organization.id}
      slug={organization.slug}
      canManage={can(role, 'connect.manage')}
    />
  );
}

function LeadSourcesPage({ slug, canManage }: { slug: string; canManage: boolean }) {
  const sources = useLeadSources();
  const owners = useStaffPeople();
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(joinFormUrl(slug));
      toast.success('Form link copied', { description: joinFormUrl(slug) });
    } catch {
      reportProblem('Could not copy', joinFormUrl(slug));
    }
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Lead Sources</h1>
          <p className="text-muted-foreground">
            Your leads and where they come from. Share your public form to collect new ones.
          </p>
        </div>
        <Button variant="outline" onClick={() => void copyLink()}>
          <Link2 aria-hidden />
          Copy form link
        </Button>
      </div>
      <LeadSourcesCard
        sources={sources.data}
        loading={sources.isPending}
        error={sources.isError ? sources.error : null}
        canManage={canManage}
      />
      <LeadsCard sources={sources.data ?? []} owners={owners.data ?? []} />
    </div>
  );
}
