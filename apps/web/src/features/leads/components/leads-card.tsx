import type { Lead, LeadSource } from '@fitbase/domain/contracts/leads';
import { LEAD_STATUSES } from '@fitbase/domain/connect-constants';
import { Pencil, Plus, Tags, UserPlus } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStudioFormat } from '@/hooks/use-studio-format';
import { StudioDay } from '@/components/studio-date';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { failureMessage } from '@/lib/form-errors';
import { convertLeadPath } from '../api/convert-lead-link';
import { useLeads } from '../api/list-leads';
import { FilterSelect } from '@/components/form/filter-select';
import { LeadFormDialog } from './lead-form-dialog';
import { LeadTagsDialog } from './lead-tags-dialog';
import { LEAD_STATUS_LABELS, trialEndsLabel } from './lead-format';

const columns: DataTableColumn<Lead>[] = [
  {
    id: 'name',
    header: 'Name',
    primary: true,
    hideable: false,
    cell: (l) => (
      <div className="space-y-1">
        <p className="font-medium">
          {l.firstName} {l.lastName}
        </p>
        {l.tags.length > 0 ? (
          <div className="flex flex-wrap gap-1">
            {l.tags.map((t) => (
              <Badge key={t.id} variant="outline" style={{ borderColor: t.color, color: t.color }}>
                {t.name}
              </Badge>
            ))}
          </div>
        ) : null}
      </div>
    ),
  },
  {
    id: 'contact',
    header: 'Contact',
    cell: (l) => (
      <div className="text-sm">
        {l.email ? <p>{l.email}</p> : null}
        {l.phone ? <p className="text-muted-foreground">{l.phone}</p> : null}
      </div>
    ),
  },
  { id: 'source', header: 'Source', cell: (l) => l.sourceName ?? '—' },
  {
    id: 'status',
    header: 'Status',
    cell: (l) => (
      <Badge variant={l.status === 'lost' ? 'outline' : 'secondary'}>
        {LEAD_STATUS_LABELS[l.status]}
      </Badge>
    ),
  },
  { id: 'owner', header: 'Owner', cell: (l) => l.ownerName ?? '—' },
  {
    id: 'trial',
    header: 'Trial end',
    cell: (l) => (l.status === 'trial' && l.trialEndsOn ? <TrialEnds day={l.trialEndsOn} /> : '—'),
  },
  { id: 'created', header: 'Created', cell: (l) => <StudioDay day={l.createdAt.slice(0, 10)} /> },
];

/** "Trial ends Sep 30, 2026" in the studio's locale. */
function TrialEnds({ day }: { day: string }) {
  const { locale } = useStudioFormat();
  return <>{trialEndsLabel(day, locale)}</>;
}

/** The Leads table under the sources: filters, add and edit, and "Convert to member". */
export function LeadsCard({
  sources,
  owners,
}: {
  sources: LeadSource[];
  owners: Array<{ userId: string; name: string }>;
}) {
  // The open lead lives in the URL (?lead=id): a bell notification links straight to it.
  const [params, setParams] = useSearchParams();
  // A global-search result links here with ?search=: it fills the box, also when already open.
  const linkedSearch = params.get('search') ?? '';
  const [search, setSearch] = useState(linkedSearch);
  useEffect(() => {
    if (linkedSearch) setSearch(linkedSearch);
  }, [linkedSearch]);
  const [status, setStatus] = useState<string | null>(null);
  const [sourceId, setSourceId] = useState<string | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const leads = useLeads({ search: deferredSearch, status, sourceId });
  const [adding, setAdding] = useState(false);
  const editingId = params.get('lead');
  const setEditingId = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('lead', id);
        else next.delete('lead');
        return next;
      },
      { replace: true },
    );
  const rows = leads.data?.pages.flatMap((p) => p.items);
  const editing = rows?.find((l) => l.id === editingId);
  const [taggingId, setTaggingId] = useState<string | null>(null);
  const tagging = rows?.find((l) => l.id === taggingId);

  const rowActions = (lead: Lead) => (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        aria-label={`Edit ${lead.firstName} ${lead.lastName}`}
        onClick={() => setEditingId(lead.id)}
      >
        <Pencil aria-hidden />
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Tags of ${lead.firstName} ${lead.lastName}`}
        onClick={() => setTaggingId(lead.id)}
      >
        <Tags aria-hidden />
        Tags
      </Button>
      {lead.status === 'converted' ? (
        lead.memberId ? (
          <Button variant="ghost" size="sm" asChild>
            <Link to={`/member/${lead.memberId}`}>View member</Link>
          </Button>
        ) : null
      ) : (
        <Button variant="ghost" size="sm" asChild>
          <Link
            to={convertLeadPath(lead.id)}
            aria-label={`Convert ${lead.firstName} ${lead.lastName} to member`}
          >
            <UserPlus aria-hidden />
            Convert to member
          </Link>
        </Button>
      )}
    </div>
  );

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Leads</h2>
          </CardTitle>
          <CardDescription>Prospects, newest first</CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          Add Lead
        </Button>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Leads"
          columns={columns}
          rows={rows}
          getRowId={(l) => l.id}
          rowActions={rowActions}
          loading={leads.isPending}
          fetching={leads.isFetching}
          loadingLabel="Loading leads..."
          toolbar={
            <div className="flex flex-wrap items-center gap-3">
              <Input
                type="search"
                aria-label="Search leads by name or email"
                placeholder="Search by name or email"
                className="w-64"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <FilterSelect
                label="Status"
                value={status}
                onChange={setStatus}
                allLabel="All statuses"
                options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
              />
              <FilterSelect
                label="Source"
                value={sourceId}
                onChange={setSourceId}
                allLabel="All sources"
                options={sources.map((s) => ({ value: s.id, label: s.name }))}
              />
            </div>
          }
          error={
            leads.isError ? (
              <p role="alert" className="py-10 text-center text-destructive">
                {failureMessage(leads.error, 'Failed to load leads')}
              </p>
            ) : null
          }
          empty={<p className="py-10 text-center text-muted-foreground">No leads found</p>}
        />
        {leads.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button
              variant="outline"
              disabled={leads.isFetchingNextPage}
              onClick={() => void leads.fetchNextPage()}
            >
              {leads.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </CardContent>
      <LeadFormDialog open={adding} onOpenChange={setAdding} sources={sources} owners={owners} />
      <LeadFormDialog
        key={editing?.id ?? 'none'}
        open={Boolean(editing)}
        onOpenChange={(open) => !open && setEditingId(null)}
        lead={editing}
        sources={sources}
        owners={owners}
      />
      <LeadTagsDialog lead={tagging} onOpenChange={(open) => !open && setTaggingId(null)} />
    </Card>
  );
}
