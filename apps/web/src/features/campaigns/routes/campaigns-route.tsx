import type { Campaign } from '@fitbase/domain/contracts/campaigns';
import { can } from '@fitbase/domain/permissions';
import { BarChart3, Mail, MoreHorizontal, Plus, Search, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { StudioDateTime } from '@/components/studio-date';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { SummaryCard, SummaryCardRow } from '@/components/summary-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useDeleteCampaign, useDuplicateCampaign } from '../api/campaign-mutations';
import { useCampaignSummary, useCampaigns } from '../api/list-campaigns';
import { CampaignDetailsDialog } from '../components/campaign-details-dialog';
import { NewCampaignDialog } from '../components/new-campaign-dialog';
import { SendCampaignDialog } from '../components/send-campaign-dialog';

const STATUS_LABEL = { draft: 'Draft', active: 'Active', sent: 'Sent' } as const;

const columns: DataTableColumn<Campaign>[] = [
  {
    id: 'name',
    header: 'Name',
    primary: true,
    hideable: false,
    cell: (c) => <span className="font-medium">{c.name}</span>,
  },
  {
    id: 'sentAt',
    header: 'Sent at',
    cell: (c) => (c.sentAt ? <StudioDateTime instant={c.sentAt} /> : 'Not sent'),
  },
  {
    id: 'recipients',
    header: 'Recipients',
    className: 'tabular-nums',
    cell: (c) => c.recipientCount,
  },
  {
    id: 'openRate',
    header: 'Open Rate',
    className: 'tabular-nums',
    cell: (c) => (c.openRate === null ? '–' : `${c.openRate}%`),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => (
      <Badge
        variant={c.status === 'active' ? 'default' : c.status === 'sent' ? 'secondary' : 'outline'}
      >
        {STATUS_LABEL[c.status]}
      </Badge>
    ),
  },
];

/** /connect/campaigns (docs/product/connect-and-messaging.md#campaigns-connectcampaigns). */
export function CampaignsRoute() {
  const { organization, role } = useCurrentOrganization();
  if (!organization) return <p className="text-sm text-muted-foreground">No organization found</p>;
  return <CampaignsPage key={organization.id} canManage={can(role, 'connect.manage')} />;
}

function CampaignsPage({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const campaigns = useCampaigns(debounced);
  const summary = useCampaignSummary();
  const duplicate = useDuplicateCampaign();
  const remove = useDeleteCampaign();
  const [creating, setCreating] = useState(false);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const sending = campaigns.data?.campaigns.find((c) => c.id === sendingId);

  const rowActions = (campaign: Campaign) => (
    <div className="flex items-center gap-2">
      {canManage && campaign.status === 'draft' ? (
        <Button size="sm" variant="outline" onClick={() => setSendingId(campaign.id)}>
          Send
        </Button>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={`Actions for ${campaign.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setDetailsId(campaign.id)}>
            View Details
          </DropdownMenuItem>
          {canManage ? (
            <>
              <DropdownMenuItem
                onSelect={() =>
                  duplicate.mutate(campaign.id, {
                    onSuccess: () =>
                      toast.success('Success', { description: 'Campaign duplicated' }),
                    onError: (e) => reportError(e, { fallback: 'Failed to duplicate campaign' }),
                  })
                }
              >
                Duplicate
              </DropdownMenuItem>
              <DropdownMenuItem
                variant="destructive"
                onSelect={() =>
                  remove.mutate(campaign.id, {
                    onSuccess: () => toast.success('Success', { description: 'Campaign deleted' }),
                    onError: (e) => reportError(e, { fallback: 'Failed to delete campaign' }),
                  })
                }
              >
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );

  const average = summary.data?.averageOpenRate;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Campaigns</h1>
        {canManage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Send new email
          </Button>
        ) : null}
      </div>
      <SummaryCardRow>
        <SummaryCard
          title="Active Campaigns"
          value={summary.data?.activeCampaigns}
          hint="Scheduled or sending"
          icon={Mail}
        />
        <div aria-label="Average Open Rate">
          <SummaryCard
            title="Average Open Rate"
            value={average ?? undefined}
            hint={
              summary.data && average === null
                ? 'No campaign sent yet'
                : 'Percent, mean over sent campaigns'
            }
            icon={BarChart3}
          />
        </div>
        <SummaryCard
          title="Total Reach"
          value={summary.data?.totalReach}
          hint="Recipients of sent campaigns"
          icon={Users}
        />
      </SummaryCardRow>
      <DataTable
        label="Campaigns"
        columns={columns}
        rows={campaigns.data?.campaigns}
        getRowId={(c) => c.id}
        loading={campaigns.isPending}
        fetching={campaigns.isFetching}
        error={campaigns.isError ? 'Campaigns could not be loaded.' : undefined}
        empty={debounced ? 'No campaign matches your search.' : 'No campaigns yet.'}
        rowActions={rowActions}
        toolbar={
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search campaigns"
              placeholder="Search by name or subject"
              className="pl-8"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        }
      />
      <NewCampaignDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(id) => setSendingId(id)}
      />
      <SendCampaignDialog campaign={sending} onOpenChange={(open) => !open && setSendingId(null)} />
      <CampaignDetailsDialog
        campaignId={detailsId}
        onOpenChange={(open) => !open && setDetailsId(null)}
      />
    </div>
  );
}
