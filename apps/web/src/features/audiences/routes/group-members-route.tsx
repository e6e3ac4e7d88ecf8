import { describeAudienceRule } from '@fitbase/domain/audience-rules';
import type { Audience, AudienceMember } from '@fitbase/domain/contracts/audiences';
import { can } from '@fitbase/domain/permissions';
import { ArrowLeft, UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { DataTableColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { failureMessage } from '@/lib/form-errors';
import { useCurrentOrganization } from '@/lib/session';
import { reportError } from '@/lib/report-error';
import { useAudience } from '../api/get-audience';
import { AUDIENCE_MEMBERS_PAGE_SIZE, useAudienceMembers } from '../api/list-audience-members';
import { useRulePlans } from '../api/list-rule-plans';
import { useRuleSources } from '../api/list-rule-sources';
import { useRuleTags } from '../api/list-rule-tags';
import { useRemoveAudienceMember } from '../api/remove-audience-member';
import { AddGroupMemberDialog } from '../components/add-group-member-dialog';
import { KIND_LABELS } from '../components/audiences-card';

const memberName = (m: AudienceMember) => `${m.firstName} ${m.lastName}`.trim();

const columns: DataTableColumn<AudienceMember>[] = [
  {
    id: 'name',
    header: 'Name',
    primary: true,
    hideable: false,
    cell: (m) => (
      <Link to={`/member/${m.id}`} className="font-medium underline-offset-4 hover:underline">
        {memberName(m)}
      </Link>
    ),
  },
  { id: 'email', header: 'Email', cell: (m) => m.email ?? 'No email' },
  {
    id: 'status',
    header: 'Status',
    cell: (m) => <span className="capitalize">{m.membershipStatus}</span>,
  },
];

/** /members/groups/:groupId: who is in a group; a manual group's members added and removed. */
export function GroupMembersRoute() {
  const { organization } = useCurrentOrganization();
  const { groupId = '' } = useParams();
  if (!organization) return null;
  return <GroupMembersPage key={`${organization.id}:${groupId}`} groupId={groupId} />;
}

function GroupMembersPage({ groupId }: { groupId: string }) {
  const { role } = useCurrentOrganization();
  const group = useAudience(groupId);
  return (
    <div className="space-y-6">
      <Button variant="outline" asChild>
        <Link to="/members/groups">
          <ArrowLeft aria-hidden /> Member Groups
        </Link>
      </Button>
      {group.isError ? (
        <p role="alert" className="text-destructive">
          {failureMessage(group.error, 'Failed to load the group')}
        </p>
      ) : group.data ? (
        <GroupMembers
          group={group.data}
          canManage={can(role, 'connect.manage')}
          canSeePlans={can(role, 'money.view')}
        />
      ) : (
        <p role="status">Loading group...</p>
      )}
    </div>
  );
}

function GroupMembers({
  group,
  canManage,
  canSeePlans,
}: {
  group: Audience;
  canManage: boolean;
  /** Plan names need money.view; without it a plan rule names no plan. */
  canSeePlans: boolean;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const members = useAudienceMembers(group.id, { page, search });
  const remove = useRemoveAudienceMember();
  const manual = group.kind === 'manual';
  const dynamic = group.kind === 'dynamic';
  const plans = useRulePlans(dynamic && canSeePlans);
  const tags = useRuleTags(dynamic);
  const sources = useRuleSources(dynamic);
  const byId = (list: { id: string; name: string }[] | undefined) =>
    new Map((list ?? []).map((c) => [c.id, c.name]));
  const names = { plans: byId(plans.data), tags: byId(tags.data), sources: byId(sources.data) };
  const total = members.data?.total ?? 0;

  const removeMember = (member: AudienceMember) =>
    remove.mutate(
      { id: group.id, memberId: member.id },
      {
        onSuccess: () =>
          toast.success('Success', { description: `${memberName(member)} removed from the group` }),
        onError: (error) => reportError(error, { fallback: 'Failed to remove the member' }),
      },
    );

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight">
            {group.name}
            <Badge variant={dynamic ? 'secondary' : 'outline'}>{KIND_LABELS[group.kind]}</Badge>
          </h1>
          {group.description ? <p className="text-muted-foreground">{group.description}</p> : null}
        </div>
        {manual && canManage ? (
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden />
            Add member
          </Button>
        ) : null}
      </div>
      {dynamic ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Rules</h2>
            </CardTitle>
            <CardDescription>A member is in the group while they meet every rule.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {(group.rules ?? []).map((rule, i) => (
                <li key={i}>{describeAudienceRule(rule, names)}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Members</h2>
          </CardTitle>
          <CardDescription>
            {group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            label={`Members of ${group.name}`}
            columns={columns}
            rows={members.data?.members}
            getRowId={(m) => m.id}
            loading={members.isPending}
            fetching={members.isFetching}
            loadingLabel="Loading members..."
            toolbar={
              <div className="flex items-center gap-2">
                <Label htmlFor="audience-members-filter" className="sr-only">
                  Search members of the group
                </Label>
                <Input
                  id="audience-members-filter"
                  type="search"
                  placeholder="Search by name or email"
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setPage(1);
                  }}
                  className="max-w-xs"
                />
              </div>
            }
            rowActions={
              manual && canManage
                ? (member) => (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${memberName(member)} from the group`}
                      disabled={remove.isPending && remove.variables?.memberId === member.id}
                      onClick={() => removeMember(member)}
                    >
                      <UserMinus aria-hidden />
                      Remove
                    </Button>
                  )
                : undefined
            }
            error={
              members.isError ? (
                <p role="alert" className="py-10 text-center text-destructive">
                  {failureMessage(members.error, 'Failed to load members')}
                </p>
              ) : null
            }
            empty={
              <p className="py-10 text-center text-muted-foreground">
                {search.trim()
                  ? 'No member of the group matches the search.'
                  : manual
                    ? 'No members in this group yet.'
                    : 'No member meets these rules right now.'}
              </p>
            }
            pagination={{
              mode: 'pages',
              page,
              pageCount: Math.ceil(total / AUDIENCE_MEMBERS_PAGE_SIZE),
              onPageChange: setPage,
            }}
          />
        </CardContent>
      </Card>
      {manual ? (
        <AddGroupMemberDialog
          groupId={group.id}
          groupName={group.name}
          open={adding}
          onOpenChange={setAdding}
        />
      ) : null}
    </>
  );
}
